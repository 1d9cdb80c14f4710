import type { ReactNode } from "react";
import {
  ChatIcon,
  HeadsetIcon,
  Icon,
  MailIcon,
  PhoneIcon,
  ShieldCheckIcon,
  TruckIcon,
  UserIcon,
} from "~/components/icons";
import { LocaleLink } from "~/components/locale-link";
import { useRootData } from "~/components/root-data";
import { useT } from "~/i18n/use-t";
import type { HelpGroupId } from "../pages.server";
import { Card, Prose, PROSE, StaticPageLayout } from "./static-page";

const PackageIcon = (p: { size?: number }) => (
  <Icon {...p}>
    <path d="M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z" />
    <path d="M12 22V12" />
    <path d="m3.3 7 8.7 5 8.7-5" />
    <path d="m7.5 4.27 9 5.15" />
  </Icon>
);

const TILE_ICONS: Record<HelpGroupId, (p: { size?: number }) => ReactNode> = {
  orders: PackageIcon,
  shipping: TruckIcon,
  returns: ShieldCheckIcon,
  account: UserIcon,
};

/** What the page shows of the help centre (the assistant's plain-text answers stay on the server). */
export type HelpCenterViewData = {
  title: string;
  introHtml: string;
  groups: Array<{
    id: HelpGroupId;
    title: string;
    questions: Array<{ id: string; question: string; answerHtml: string }>;
  }>;
};

/**
 * §2.18 help centre: four quick-help tiles that jump to their group, the FAQ as an accordion of
 * native `<details name="faq">` (one open at a time, no JavaScript needed), and the contact panel
 * (live chat, the support phone and email of the company info; §2.20 support is 24/7).
 */
export function HelpCenterView({ content }: { content: HelpCenterViewData }) {
  const t = useT();
  return (
    <StaticPageLayout title={content.title} wide>
      {content.introHtml && <Prose html={content.introHtml} className="mt-2 max-w-3xl" />}

      <nav aria-labelledby="help-tiles-title" className="mt-4">
        <h2 id="help-tiles-title" className="sr-only">
          {t("staticPages.help.tilesTitle")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {content.groups.map((group) => {
            const TileIcon = TILE_ICONS[group.id];
            return (
              <li key={group.id}>
                <a
                  href={`#${group.id}`}
                  className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 sm:p-4"
                >
                  <span className="flex size-10 items-center justify-center rounded-full bg-blue-100 text-blue-900">
                    <TileIcon size={22} />
                  </span>
                  <span className="font-semibold text-slate-900">{group.title}</span>
                  <span className="text-sm text-slate-700">{t(`staticPages.help.tile.${group.id}`)}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <section aria-labelledby="faq-title">
          <h2 id="faq-title" className="mb-3 text-xl font-bold text-slate-900 sm:text-2xl">
            {t("staticPages.help.faqTitle")}
          </h2>
          {content.groups.map((group) => (
            <section key={group.id} aria-labelledby={group.id} className="mb-6">
              <h3 id={group.id} tabIndex={-1} className="scroll-mt-4 text-lg font-bold text-slate-900 outline-none">
                {group.title}
              </h3>
              <div className="mt-2 divide-y divide-slate-200 overflow-hidden rounded-lg bg-white shadow-sm">
                {group.questions.map((q) => (
                  <details key={q.id} id={q.id} name="faq" className="group">
                    <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 [&::-webkit-details-marker]:hidden">
                      <span>{q.question}</span>
                      <Icon size={20} className="shrink-0 text-slate-600 transition-transform group-open:rotate-180">
                        <path d="m6 9 6 6 6-6" />
                      </Icon>
                    </summary>
                    <div
                      className={`${PROSE} px-4 pb-4 [&>:first-child]:mt-0`}
                      dangerouslySetInnerHTML={{ __html: q.answerHtml }}
                    />
                  </details>
                ))}
              </div>
            </section>
          ))}
        </section>
        <ContactPanel />
      </div>
    </StaticPageLayout>
  );
}

const CONTACT_LINK =
  "flex min-h-12 items-center gap-3 rounded-lg border border-slate-200 p-3 hover:border-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

function ContactPanel() {
  const t = useT();
  const { company } = useRootData();
  const phone = company?.att_phone?.trim();
  const email = company?.support_email?.trim();
  return (
    <aside aria-labelledby="help-contact-title" className="lg:sticky lg:top-4">
      <Card className="mt-0">
        <div className="flex items-center gap-2">
          <HeadsetIcon size={24} className="text-blue-900" />
          <h2 id="help-contact-title" className="text-lg font-bold text-slate-900">
            {t("staticPages.help.contact.title")}
          </h2>
        </div>
        <p className="mt-1 text-sm text-slate-700">{t("staticPages.help.contact.text")}</p>
        <ul className="mt-3 space-y-2">
          <li>
            <LocaleLink to="/chat" className={CONTACT_LINK}>
              <ChatIcon size={22} className="shrink-0 text-blue-900" />
              <span className="flex flex-col">
                <span className="font-semibold text-slate-900">{t("staticPages.help.contact.chat")}</span>
                <span className="text-sm text-slate-700">{t("staticPages.help.contact.chatText")}</span>
              </span>
            </LocaleLink>
          </li>
          {phone && (
            <li>
              <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={CONTACT_LINK}>
                <PhoneIcon size={22} className="shrink-0 text-blue-900" />
                <span className="flex flex-col">
                  <span className="font-semibold text-slate-900">{t("staticPages.help.contact.phone")}</span>
                  <span className="text-sm text-slate-700">{phone}</span>
                </span>
              </a>
            </li>
          )}
          {email && (
            <li>
              <a href={`mailto:${email}`} className={CONTACT_LINK}>
                <MailIcon size={22} className="shrink-0 text-blue-900" />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold text-slate-900">{t("staticPages.help.contact.email")}</span>
                  <span className="text-sm break-all text-slate-700">{email}</span>
                </span>
              </a>
            </li>
          )}
        </ul>
      </Card>
    </aside>
  );
}
