/**
 * §4.1 cancelling an order from its page: the 'Cancel order' link that opens the confirmation step,
 * and the section that explains the rule and holds that step. Both work without JavaScript.
 */
import { Form, Link } from "~/components/router-links";
import { SECONDARY_ACTION } from "~/features/catalog/components/empty-state";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { CARD } from "./order-ui";

const DANGER_OUTLINE =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-red-700 bg-white px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const DANGER =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:opacity-70";

/** Opens the confirmation step (`&confirm=cancel`) without scrolling back to the top. */
export function CancelOrderLink({ detailHref }: { detailHref: string }) {
  const t = useT();
  return (
    <Link to={`${detailHref}&confirm=cancel#order-cancel`} preventScrollReset className={DANGER_OUTLINE}>
      {t("orders.page.cancel")}
    </Link>
  );
}

/**
 * Who may cancel and until when; 'cannot cancel' once the order is past processed, and the
 * confirmation step when the shopper asked for it. `back` is the order's own address.
 */
export function CancelOrder({
  id,
  cancellable,
  confirm,
  back,
  busy,
}: {
  id: string;
  cancellable: boolean;
  confirm: boolean;
  back: string;
  busy: boolean;
}) {
  const t = useT();
  return (
    <section id="order-cancel" aria-labelledby="order-cancel-heading" className={CARD}>
      <h3 id="order-cancel-heading" className="text-lg font-semibold text-slate-900">
        {t("orders.page.cancelTitle")}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t("orders.page.cancelHelp")}</p>
      {!cancellable && <p className="mt-2 text-sm font-medium text-slate-900">{t("orders.page.cannotCancel")}</p>}
      {confirm && <CancelConfirm id={id} back={back} busy={busy} />}
    </section>
  );
}

/** §4.1 confirmation, as a step of the page (works without JavaScript): yes cancels, no goes back. */
function CancelConfirm({ id, back, busy }: { id: string; back: string; busy: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <div
      role="group"
      aria-labelledby="cancel-confirm-heading"
      className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 p-4"
    >
      <h4
        id="cancel-confirm-heading"
        tabIndex={-1}
        className="font-semibold text-red-950 [overflow-wrap:anywhere] focus:outline-none"
      >
        {t("orders.page.confirm.title", { id })}
      </h4>
      <p className="mt-1 text-sm text-red-950">{t("orders.page.confirm.text")}</p>
      <Form
        method="post"
        action={`${localePath(lang, "/orders")}${back}`}
        className="mt-3 grid gap-2 sm:flex sm:flex-wrap"
      >
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="transactionId" value={id} />
        <button type="submit" className={DANGER} aria-disabled={busy || undefined}>
          {busy ? t("orders.page.confirm.busy") : t("orders.page.confirm.yes")}
        </button>
        <Link to={back} preventScrollReset className={SECONDARY_ACTION}>
          {t("orders.page.confirm.no")}
        </Link>
      </Form>
    </div>
  );
}
