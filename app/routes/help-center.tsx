import { pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { HelpCenterView } from "~/features/content/components/help-center";
import { getHelpCenter } from "~/features/content/pages.server";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/help-center";

/** Every visitor may share one rendering of this page (server/page-cache/shared-pages.ts). */
export const handle = { pageCache: "shared" } as const;

/**
 * §2.18 help centre: tiles, the FAQ accordion and the contact panel. The questions come from
 * content/pages/help-center.<lang>.md, which the chat assistant reads too (decision “The assistant works offline”). Only what the
 * page shows is sent (the plain-text answers stay on the server).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const help = await getHelpCenter(db, lang);
  return {
    title: help.title,
    description: help.description,
    introHtml: help.introHtml,
    groups: help.groups.map((group) => ({
      id: group.id,
      title: group.title,
      questions: group.questions.map(({ id, question, answerHtml }) => ({ id, question, answerHtml })),
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { title: args.loaderData.title, description: args.loaderData.description }) : [];

export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  return <HelpCenterView content={loaderData} />;
}
