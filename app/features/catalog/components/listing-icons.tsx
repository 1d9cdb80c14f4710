/**
 * The few icons only the listing pages use (paths from Lucide, ISC licence), inline like
 * app/components/icons.tsx so that no icon library reaches the bundle. Decorative: the control
 * that holds one carries the accessible name.
 */
import { Icon } from "~/components/icons";

export const GridIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect width="7" height="7" x="3" y="3" rx="1" />
    <rect width="7" height="7" x="14" y="3" rx="1" />
    <rect width="7" height="7" x="14" y="14" rx="1" />
    <rect width="7" height="7" x="3" y="14" rx="1" />
  </Icon>
);

export const ListIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3 5h.01M3 12h.01M3 19h.01M8 5h13M8 12h13M8 19h13" />
  </Icon>
);

export const SortIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="m21 16-4 4-4-4M17 20V4M3 8l4-4 4 4M7 4v16" />
  </Icon>
);

export const FilterIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M10 5H3M12 19H3M14 3v4M16 17v4M21 12h-9M21 19h-5M21 5h-7M8 10v4M8 12H3" />
  </Icon>
);

export const EmptyBoxIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M21 10V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73l7 4a2 2 0 0 0 2 0l2-1.14" />
    <path d="m7.5 4.27 9 5.15M3.29 7 12 12l8.71-5M12 22V12" />
    <circle cx="18.5" cy="15.5" r="2.5" />
    <path d="M20.27 17.27 22 19" />
  </Icon>
);

export const SearchOffIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="m13.5 8.5-5 5M8.5 8.5l5 5" />
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </Icon>
);
