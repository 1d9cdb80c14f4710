/**
 * The back office's import page action (docs/features.md, "Catalogue import and export"): reads the posted file (or, for
 * "apply", the same text sent back in a hidden field, so the page needs no stored upload), runs
 * the dry run or applies it, and shapes the report the page shows: every error, and the rows that
 * create or change something (at most REPORT_ROWS of them; the counts cover them all).
 */
import { data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/features/audit/audit.server";
import { isPickedFile } from "~/features/media/upload.server";
import type { Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { readForm } from "~/utils/forms.server";
import { applyImport, kickImportAlerts } from "./catalog-import-apply.server";
import { type ImportMode, type ImportPlan, planImport } from "./catalog-import.server";

/** The largest file read (a 20,000-row catalogue with long descriptions is about 10 MB). */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
const REPORT_ROWS = 1000;

export type ImportReport = {
  mode: ImportMode;
  /**
   * The file's text in base64, sent back by the Apply button (a hidden field's line breaks would
   * be rewritten by the browser); empty when nothing may be applied.
   */
  csv: string;
  applied: false;
  /** The apply was asked and refused: nothing changed. */
  refused: boolean;
  counts: ImportPlan["counts"];
  errors: ImportPlan["errors"];
  rows: ImportPlan["rows"];
  hiddenRows: number;
  fieldError?: string;
};

function report(plan: ImportPlan, csv: string, refused: boolean): ImportReport {
  const shown = plan.rows.filter((row) => row.action !== "unchanged");
  return {
    mode: plan.mode,
    csv: plan.errors.length === 0 && plan.writes.length > 0 ? Buffer.from(csv, "utf8").toString("base64") : "",
    applied: false,
    refused,
    counts: plan.counts,
    errors: plan.errors.slice(0, REPORT_ROWS),
    rows: shown.slice(0, REPORT_ROWS),
    hiddenRows: Math.max(0, shown.length - REPORT_ROWS),
  };
}

function refuseField(mode: ImportMode, fieldError: string) {
  const empty: ImportReport = {
    mode,
    csv: "",
    applied: false,
    refused: false,
    counts: { create: 0, update: 0, unchanged: 0 },
    errors: [],
    rows: [],
    hiddenRows: 0,
    fieldError,
  };
  return data(empty, { status: 400 });
}

/** The page's POST: `intent` preview (a picked file) or apply (the hidden text); `mode` full or inventory. */
export async function importPageAction(
  deps: { db: Db; env: Env },
  actor: AuditActor,
  request: Request,
  lang: Language,
) {
  const form = await readForm(request);
  const mode: ImportMode = form.get("mode") === "inventory" ? "inventory" : "full";
  const file = form.get("file");
  const hidden = form.get("csv");
  let text: string;
  if (isPickedFile(file)) {
    if (file.size > MAX_IMPORT_BYTES) return refuseField(mode, "admin.import.errors.tooLarge");
    text = await file.text();
  } else if (typeof hidden === "string" && hidden !== "") {
    if (hidden.length > (MAX_IMPORT_BYTES / 3) * 4 + 4) return refuseField(mode, "admin.import.errors.tooLarge");
    text = Buffer.from(hidden, "base64").toString("utf8");
  } else {
    return refuseField(mode, "admin.import.errors.noFile");
  }
  if (form.get("intent") !== "apply") return report(await planImport(deps.db, text, mode), text, false);

  const outcome = await applyImport(deps.db, actor, text, mode);
  if (!outcome.applied) return data(report(outcome.plan, text, true), { status: 400 });
  kickImportAlerts(deps, outcome);
  const { create, update, unchanged } = outcome.plan.counts;
  return redirect(
    `/${lang}/admin/products/import?applied=1&created=${create}&updated=${update}&unchanged=${unchanged}`,
    303,
  );
}
