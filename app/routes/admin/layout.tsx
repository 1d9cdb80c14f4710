import { Outlet, data, useLoaderData } from "react-router";
import { NavLink } from "~/components/router-links";
import { requireStaff } from "~/features/admin/guard.server";
import { ADMIN_SECTIONS, adminPath } from "~/features/admin/components/sections";
import { visibleSections } from "~/features/staff/permissions";
import { useLang, useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/layout";

/**
 * The back office's frame (decision “The back office”): its bar and section navigation. The loader only guards
 * this frame: each child route checks the staff role in its own loader and action too, since React
 * Router runs them in parallel with this one (admin-guard.test.ts walks every admin route).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { user } = requireStaff(context, "dashboard");
  // The navigation shows a role only the sections it may open (the permission table).
  return { email: user.email, role: user.role, sections: visibleSections(user.role) };
}

/** A post to `/{lang}/admin` itself: refused like everything else here, and then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "dashboard", "change");
  throw data(null, { status: 405 });
}

/**
 * Operators' pages: for this browser only, never stored or indexed (children without their own
 * `headers` take these). The session middleware already marks signed-in answers `private, no-store`.
 */
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

const NAV_LINK =
  "inline-flex min-h-11 shrink-0 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function AdminLayout() {
  const { email, role, sections } = useLoaderData<typeof loader>();
  const t = useT();
  const lang = useLang();
  const href = useLocalePath();
  return (
    <div className="mx-auto w-full max-w-6xl px-2 py-3 sm:px-4">
      <div className="rounded-t-lg bg-slate-800 px-3 py-2 text-white">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p className="text-base font-bold">{t("admin.bar.title")}</p>
          <p className="min-w-0 truncate text-xs text-slate-200">
            {t("admin.bar.signedInAs", { email, role: t(`admin.staff.role.${role}`) })}
          </p>
          <a
            href={href("/")}
            className="inline-flex min-h-11 items-center text-sm font-medium text-white underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t("admin.bar.toStore")}
          </a>
        </div>
      </div>
      {/* One row of links, scrolled sideways on a narrow phone; works without JavaScript. */}
      <nav aria-label={t("admin.nav.label")} className="rounded-b-lg border border-t-0 border-slate-200 bg-white">
        <ul className="flex gap-1 overflow-x-auto px-2 py-1">
          {ADMIN_SECTIONS.filter((section) => sections.includes(section.section)).map((section) => (
            <li key={section.path} className="shrink-0">
              <NavLink
                to={adminPath(lang, section.path)}
                end
                className={({ isActive }) =>
                  `${NAV_LINK} ${isActive ? "bg-blue-50 text-blue-900 underline underline-offset-4" : "text-slate-700 hover:bg-slate-100"}`
                }
              >
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-3">
        <Outlet />
      </div>
    </div>
  );
}
