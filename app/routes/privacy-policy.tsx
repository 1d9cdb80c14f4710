import { pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { Card, Prose, StaticPageLayout } from "~/features/content/components/static-page";
import { getStaticPage } from "~/features/content/pages.server";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/privacy-policy";

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/** §2.18 privacy policy: what is kept, cookies (decision “Tokens in cookies”), deleting an account (content/pages/privacy-policy.<lang>.md). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const { title, description, lastUpdated, html } = await getStaticPage(db, "privacy-policy", lang);
  return { title, description, lastUpdated, html };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { title: args.loaderData.title, description: args.loaderData.description }) : [];

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <StaticPageLayout title={loaderData.title} lastUpdated={loaderData.lastUpdated}>
      <Card>
        <Prose html={loaderData.html} className="[&>:first-child]:mt-0" />
      </Card>
    </StaticPageLayout>
  );
}
