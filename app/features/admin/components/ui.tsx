/**
 * The back office's building blocks: a section card and a table that is a table from `sm` up and a
 * list of stacked cards on a phone (each cell shows its column's name before its value). Plain
 * server-rendered markup and Tailwind classes: nothing here needs JavaScript.
 */
import type { ReactNode } from "react";

export function AdminPanel({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export type Column<Row> = {
  key: string;
  header: ReactNode;
  /** The column's name as text, shown before the value when the row is a card on a phone. */
  label: string;
  cell: (row: Row) => ReactNode;
  align?: "start" | "end";
};

/** A table on wide screens, stacked cards under 640 px. */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only sm:not-sr-only">
        <tr className="border-b border-slate-200 text-start text-xs text-slate-600 uppercase">
          {columns.map((col) => (
            <th
              key={col.key}
              scope="col"
              className={`px-2 py-1.5 font-semibold ${col.align === "end" ? "text-end" : "text-start"}`}
            >
              {col.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className="mb-2 block rounded-md border border-slate-200 p-2 sm:mb-0 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0"
          >
            {columns.map((col) => (
              <td
                key={col.key}
                data-label={col.label}
                className={`flex justify-between gap-3 px-1 py-0.5 align-top before:font-semibold before:text-slate-600 before:content-[attr(data-label)] sm:table-cell sm:px-2 sm:py-1.5 sm:before:content-none ${
                  col.align === "end" ? "sm:text-end" : "sm:text-start"
                }`}
              >
                {col.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
