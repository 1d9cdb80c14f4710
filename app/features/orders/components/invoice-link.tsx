import { type MouseEvent, useState } from "react";
import { SECONDARY_ACTION } from "~/features/catalog/components/empty-state";
import { useT } from "~/i18n/use-t";

/**
 * 'Download invoice' (decision “Invoice and reorder”, §8): a plain link with `download` that works before JavaScript; with
 * it, the file is fetched first so that a failure shows 'Error downloading invoice' in the page
 * instead of a broken download.
 */
export function InvoiceLink({ href }: { href: string }) {
  const t = useT();
  const [state, setState] = useState<"idle" | "busy" | "error">("idle");

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state === "busy") return;
    setState("busy");
    try {
      const res = await fetch(href, { credentials: "same-origin" });
      if (!res.ok || !(res.headers.get("Content-Type") ?? "").includes("application/pdf")) {
        throw new Error(`invoice: HTTP ${res.status}`);
      }
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "invoice.pdf";
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
      setState("idle");
    } catch {
      setState("error");
    }
  }

  return (
    <>
      <a
        href={href}
        download
        onClick={onClick}
        aria-disabled={state === "busy" || undefined}
        className={SECONDARY_ACTION}
      >
        {state === "busy" ? t("orders.page.invoiceBusy") : t("orders.page.invoice")}
      </a>
      <p
        role="alert"
        className={
          state === "error"
            ? "w-full rounded-md border-l-4 border-red-700 bg-red-50 p-2 text-sm font-medium text-red-900 sm:basis-full"
            : "sr-only"
        }
      >
        {state === "error" ? t("orders.errors.invoiceFailed") : ""}
      </p>
    </>
  );
}
