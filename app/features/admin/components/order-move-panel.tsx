/**
 * The status moves §4.1 allows from where an order is, as one form: an optional note for the
 * history and one button per move, cancelling apart and in red. Works before JavaScript.
 */
import { Form } from "~/components/router-links";
import { FormMessage, tKey } from "~/components/ui/form-fields";
import { useT } from "~/i18n/use-t";
import type { AdminFormResult } from "../forms.server";
import type { AdminOrderPage } from "../order-page.server";
import { SecondaryButton, TextAreaField } from "./form";
import { AdminPanel } from "./ui";

export function OrderMovePanel({
  status,
  moves,
  noteMax,
  answer,
}: Pick<AdminOrderPage, "status" | "moves" | "noteMax"> & {
  /** The action's answer to a refused move: its errors and the note as typed. */
  answer: AdminFormResult | undefined;
}) {
  const t = useT();
  const errors = answer?.errors ?? {};
  const noteError = errors.note ? tKey(t, errors.note) : undefined;
  const toError = errors.to ? tKey(t, errors.to) : undefined;
  return (
    <AdminPanel id="order-move" title={t("admin.orders.move.title")}>
      {answer?.formError && <FormMessage tone="error">{tKey(t, answer.formError)}</FormMessage>}
      {toError && <FormMessage tone="error">{toError}</FormMessage>}
      <p className="mb-2 text-sm text-slate-700">
        {t("admin.orders.move.current")} <strong data-current-status={status}>{t(`invoice.status.${status}`)}</strong>
      </p>
      {moves.length === 0 ? (
        <p className="text-sm text-slate-700">{t("admin.orders.move.none")}</p>
      ) : (
        <Form method="post" className="space-y-3">
          <p className="text-sm text-slate-700">{t("admin.orders.move.intro")}</p>
          <TextAreaField
            id="order-move-note"
            name="note"
            label={t("admin.orders.move.note")}
            hint={t("admin.orders.move.noteHint", { max: noteMax })}
            error={noteError}
            maxLength={noteMax}
            rows={3}
            defaultValue={answer?.values?.note ?? ""}
          />
          <div className="flex flex-wrap gap-2">
            {moves
              .filter((to) => to !== "cancelled")
              .map((to) => (
                <button
                  key={to}
                  type="submit"
                  name="to"
                  value={to}
                  className="inline-flex min-h-11 items-center justify-center rounded-md bg-blue-800 px-4 text-sm font-semibold text-white hover:bg-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                >
                  {t(`admin.orders.move.to.${to}`)}
                </button>
              ))}
            {moves.includes("cancelled") && (
              <SecondaryButton tone="danger" name="to" value="cancelled" aria-describedby="order-cancel-hint">
                {t("admin.orders.move.to.cancelled")}
              </SecondaryButton>
            )}
          </div>
          {moves.includes("cancelled") && (
            <p id="order-cancel-hint" className="text-xs text-slate-600">
              {t("admin.orders.move.cancelHint")}
            </p>
          )}
        </Form>
      )}
    </AdminPanel>
  );
}
