import { LocaleLink } from "~/components/locale-link";
import { useRootData } from "~/components/root-data";
import { pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { MailIcon } from "~/components/icons";
import {
  Card,
  PRIMARY_LINK_BUTTON,
  Prose,
  SECONDARY_LINK_BUTTON,
  StaticPageLayout,
} from "~/features/content/components/static-page";
import { getStaticPage } from "~/features/content/pages.server";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/about-us";

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/** §2.18 about us: story, mission, the three values (content/pages/about-us.<lang>.md). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const { title, description, html } = await getStaticPage(db, "about-us", lang);
  return { title, description, html };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { title: args.loaderData.title, description: args.loaderData.description }) : [];

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const email = useRootData().company?.support_email?.trim();
  return (
    <StaticPageLayout title={loaderData.title}>
      <Card>
        <Prose html={loaderData.html} className="[&>:first-child]:mt-0" />
        {/* §2.18 contact buttons: the help centre and an email to the support address. */}
        <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-4">
          <LocaleLink to="/help-center" className={PRIMARY_LINK_BUTTON}>
            {t("staticPages.about.helpCenter")}
          </LocaleLink>
          {email && (
            <a href={`mailto:${email}`} className={SECONDARY_LINK_BUTTON}>
              <MailIcon size={18} />
              {t("staticPages.about.email")}
            </a>
          )}
        </div>
      </Card>
    </StaticPageLayout>
  );
}
