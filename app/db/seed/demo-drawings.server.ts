/**
 * The demo images as SVG, drawn offline from lucide-static icons, no text (fonts may be missing):
 * products, categories, slides and the logo. demo-images.server.ts turns them into WebP files.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { DemoProduct } from "./data/catalog";
import type { SlideArt } from "./data/content";

/** Soft background pairs; products cycle through them so their 1-4 images differ. */
const SOFT_BACKGROUNDS = [
  ["#fef3c7", "#fde68a"],
  ["#e0f2fe", "#bae6fd"],
  ["#dcfce7", "#bbf7d0"],
  ["#fce7f3", "#fbcfe8"],
  ["#ede9fe", "#ddd6fe"],
  ["#ffedd5", "#fed7aa"],
  ["#f1f5f9", "#e2e8f0"],
  ["#ccfbf1", "#99f6e4"],
] as const;

const iconCache = new Map<string, string>();
let iconsDir: string | null | undefined;

/** The inner elements of a lucide-static icon (24x24 viewBox, stroke-based). */
function iconInner(name: string): string {
  const hit = iconCache.get(name);
  if (hit) return hit;
  if (iconsDir === undefined) {
    try {
      const require = createRequire(import.meta.url);
      iconsDir = path.join(path.dirname(require.resolve("lucide-static/package.json")), "icons");
    } catch {
      iconsDir = path.resolve("node_modules/lucide-static/icons");
    }
  }
  let inner: string;
  try {
    // Icons are tiny and few (~90), each read once: a sync read keeps the SVG builders simple.
    const svg = readFileSync(path.join(iconsDir!, `${name}.svg`), "utf8");
    inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  } catch {
    // lucide-static missing (a production install without dev dependencies): a plain box.
    inner = '<path d="M21 8 12 3 3 8v8l9 5 9-5z"/><path d="m3 8 9 5 9-5"/><path d="M12 13v8"/>';
  }
  iconCache.set(name, inner);
  return inner;
}

/** An icon drawn in a `size` square at (x, y), optionally rotated about its centre. */
function icon(
  name: string,
  x: number,
  y: number,
  size: number,
  stroke: string,
  opts: { rotate?: number; width?: number; opacity?: number } = {},
) {
  const c = { x: x + size / 2, y: y + size / 2 };
  const rotate = opts.rotate ? ` transform="rotate(${opts.rotate} ${c.x} ${c.y})"` : "";
  const opacity = opts.opacity !== undefined ? ` opacity="${opts.opacity}"` : "";
  return (
    `<g${rotate}${opacity}><svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" ` +
    `stroke="${stroke}" stroke-width="${opts.width ?? 1.4}" stroke-linecap="round" stroke-linejoin="round">` +
    `${iconInner(name)}</svg></g>`
  );
}

function gradient(id: string, from: string, to: string, vertical = false) {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Image `n` of a product: the icon large and centred, in the product's n-th colour (or the
 * category accent), on a soft background; each n has its own composition so the gallery differs.
 */
export function productSvg(p: DemoProduct, id: number, n: number): string {
  const colors = p.fields.colors ?? [];
  const stroke = colors.length > 0 ? colors[(n - 1) % colors.length].hex : p.accent;
  const light = luminance(stroke) > 0.72;
  const [from, to] = light ? ["#475569", "#1e293b"] : SOFT_BACKGROUNDS[(id * 3 + n * 5) % SOFT_BACKGROUNDS.length];
  const plate = light ? 'fill="#ffffff" fill-opacity="0.08"' : 'fill="#ffffff" fill-opacity="0.6"';
  const defs = `<defs>${gradient("bg", from, to)}</defs><rect width="640" height="640" fill="url(#bg)"/>`;
  let body: string;
  switch (n) {
    case 1:
      body = `<circle cx="320" cy="320" r="236" ${plate}/>` + icon(p.icon, 140, 140, 360, stroke);
      break;
    case 2:
      body =
        `<rect x="110" y="110" width="420" height="420" rx="64" ${plate} transform="rotate(-6 320 320)"/>` +
        icon(p.icon, 165, 165, 310, stroke, { rotate: -10 });
      break;
    case 3:
      body =
        `<circle cx="250" cy="390" r="250" ${plate}/>` +
        icon(p.icon, 60, 190, 400, stroke, { width: 1.2 }) +
        `<circle cx="500" cy="150" r="80" fill="${stroke}" fill-opacity="0.18"/>` +
        icon(p.icon, 450, 100, 100, stroke, { width: 2 });
      break;
    default:
      body =
        icon(p.icon, 40, 40, 120, stroke, { opacity: 0.25, width: 2 }) +
        icon(p.icon, 480, 480, 120, stroke, { opacity: 0.25, width: 2 }) +
        `<rect x="150" y="150" width="340" height="340" rx="170" ${plate}/>` +
        icon(p.icon, 200, 200, 240, stroke, { width: 1.6 });
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">${defs}${body}</svg>`;
}

export function categorySvg(name: string, accent: string, index: number): string {
  const [from, to] = SOFT_BACKGROUNDS[index % SOFT_BACKGROUNDS.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">` +
    `<defs>${gradient("bg", from, to)}</defs><rect width="320" height="320" fill="url(#bg)"/>` +
    `<circle cx="160" cy="160" r="118" fill="#ffffff" fill-opacity="0.65"/>` +
    icon(name, 75, 75, 170, accent, { width: 1.5 }) +
    `</svg>`
  );
}

export function slideSvg(art: SlideArt): string {
  const [a, b, c] = art.icons;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="450" viewBox="0 0 1200 450">` +
    `<defs>${gradient("bg", art.from, art.to)}</defs><rect width="1200" height="450" fill="url(#bg)"/>` +
    `<circle cx="960" cy="225" r="260" fill="#ffffff" fill-opacity="0.12"/>` +
    `<circle cx="1130" cy="40" r="120" fill="#ffffff" fill-opacity="0.08"/>` +
    `<circle cx="90" cy="420" r="160" fill="#000000" fill-opacity="0.06"/>` +
    icon(a, 820, 85, 280, "#ffffff", { width: 1.3 }) +
    (b ? icon(b, 640, 250, 150, "#ffffff", { width: 1.6, opacity: 0.85, rotate: -8 }) : "") +
    (c ? icon(c, 1060, 290, 110, "#ffffff", { width: 1.8, opacity: 0.75, rotate: 10 }) : "") +
    `</svg>`
  );
}

export function logoSvg(): string {
  // Cuban flag blue to red, a shopping bag and, on it, the flag's star.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<defs>${gradient("bg", "#1d4ed8", "#dc2626")}</defs>` +
    `<rect width="256" height="256" rx="56" fill="url(#bg)"/>` +
    icon("shopping-bag", 48, 40, 160, "#ffffff", { width: 1.6 }) +
    `<path d="${starPath(128, 163, 17, 7)}" fill="#ffffff"/>` +
    `</svg>`
  );
}

/** A five-pointed star centred at (cx, cy) with outer radius R and inner radius r. */
function starPath(cx: number, cy: number, R: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? R : r;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `M${points.join("L")}Z`;
}
