import { useT } from "~/i18n/use-t";
import { FacebookIcon, InstagramIcon, LinkedinIcon, MailIcon, PhoneIcon, XSocialIcon } from "./icons";
import { INFO_LINKS } from "./info-links";
import { LocaleLink } from "./locale-link";
import { Logo } from "./logo";
import { NewsletterForm } from "./newsletter-form";
import { useRootData } from "./root-data";
import { SaverImg } from "./saver-img";

/** §2.4 footer: company logo and description, social links, phone, support email, newsletter, info links. */
export function SiteFooter() {
  const t = useT();
  const { company } = useRootData();
  const name = company?.name || t("site.name");
  const social = company
    ? [
        { href: company.facebook_url, key: "footer.social.facebook", Icon: FacebookIcon },
        { href: company.twitter_url, key: "footer.social.twitter", Icon: XSocialIcon },
        { href: company.instagram_url, key: "footer.social.instagram", Icon: InstagramIcon },
        { href: company.linkedin_url, key: "footer.social.linkedin", Icon: LinkedinIcon },
      ].filter((link) => link.href)
    : [];

  return (
    <footer className="mt-10 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-screen-2xl grid-cols-1 gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr_1.5fr]">
        <div>
          {company?.company_logo_url ? (
            <SaverImg
              src={company.company_logo_url}
              alt={t("footer.logo", { name })}
              width={160}
              height={40}
              loading="lazy"
              decoding="async"
              className="h-10 w-auto"
            />
          ) : (
            <span className="text-white">
              <Logo />
              <span className="sr-only">{name}</span>
            </span>
          )}
          <p className="mt-3 text-sm leading-relaxed text-slate-300">{company?.description || t("site.tagline")}</p>
          {social.length > 0 && (
            <>
              <h2 className="mt-5 text-sm font-semibold text-white">{t("footer.followUs")}</h2>
              <ul className="mt-2 flex gap-2">
                {social.map(({ href, key, Icon }) => (
                  <li key={key}>
                    <a href={href} rel="noopener noreferrer" target="_blank" className="ft-social">
                      <Icon size={18} />
                      <span className="sr-only">{t(key as "footer.social.facebook", { name })}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>

        <nav aria-labelledby="footer-info">
          <h2 id="footer-info" className="text-base font-bold text-white">
            {t("footer.info")}
          </h2>
          <ul className="mt-2 space-y-0.5 text-sm">
            {INFO_LINKS.map((link) => (
              <li key={link.to}>
                <LocaleLink to={link.to} className="ft-link">
                  {t(link.key)}
                </LocaleLink>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-base font-bold text-white">{t("footer.contact")}</h2>
          <ul className="mt-2 space-y-2 text-sm">
            {company?.att_phone && (
              <li>
                <span className="block text-xs text-slate-400">{t("footer.phone")}</span>
                <a
                  href={`tel:${company.att_phone.replace(/[^\d+]/g, "")}`}
                  className="inline-flex items-center gap-2 py-1 font-medium text-white hover:underline focus-visible:outline-2 focus-visible:outline-amber-300"
                >
                  <PhoneIcon size={16} />
                  {company.att_phone}
                </a>
              </li>
            )}
            {company?.support_email && (
              <li>
                <span className="block text-xs text-slate-400">{t("footer.email")}</span>
                <a
                  href={`mailto:${company.support_email}`}
                  className="inline-flex items-center gap-2 py-1 font-medium break-all text-white hover:underline focus-visible:outline-2 focus-visible:outline-amber-300"
                >
                  <MailIcon size={16} />
                  {company.support_email}
                </a>
              </li>
            )}
          </ul>
          <p className="mt-4 text-sm text-slate-300">{t("footer.payment")}</p>
        </div>

        <NewsletterForm />
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-screen-2xl px-4 py-4 text-center text-xs text-slate-400">
          {t("footer.copyright", { year: new Date().getFullYear(), name })}
        </p>
      </div>
    </footer>
  );
}
