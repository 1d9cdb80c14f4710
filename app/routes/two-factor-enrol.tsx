import { redirect } from "react-router";
import { LocaleLink } from "~/components/locale-link";
import { metaT, pageMeta } from "~/components/seo";
import { confirmEnrolment, pendingEnrolment } from "~/features/accounts/two-factor.server";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { TwoFactorCodeForm } from "~/features/accounts/components/two-factor-code-form";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import { readForm } from "~/utils/forms.server";
import {
  type TwoFactorFormResult,
  missingCode,
  nextPath,
  refusedCode,
  requireStaffSignIn,
} from "./+shared/two-factor.server";
import type { Route } from "./+types/two-factor-enrol";

// Decision 017: on a staff member's first back-office visit, the secret is made on the server and
// shown as a QR code (inline SVG) and as text; the first valid code turns two-factor on and shows
// the ten recovery codes, this once.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, user, secondFactor } = requireStaffSignIn(context, request, lang);
  const next = nextPath(new URL(request.url).searchParams.get("next"), lang);
  if (secondFactor.state === "verify") {
    throw redirect(`${localePath(lang, "/two-factor")}?next=${encodeURIComponent(next)}`);
  }
  // Just enrolled (this request's action shows the recovery codes): nothing more to set up.
  if (secondFactor.state === "verified") return { next, enrolment: null };
  const enrolment = await pendingEnrolment(db, user);
  return { next, enrolment: enrolment && { groupedSecret: enrolment.groupedSecret, qrSvg: enrolment.qrSvg } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, user, secondFactor, clientIp } = requireStaffSignIn(context, request, lang);
  const form = await readForm(request);
  if (secondFactor.state !== "enrol") throw redirect(nextPath(form.get("next"), lang));
  const code = String(form.get("code") ?? "").trim();
  if (!code) return missingCode();
  const attempt = await confirmEnrolment(db, { userId: user.id, sid: secondFactor.sid, ip: clientIp }, code);
  if (!attempt.ok) return refusedCode(attempt);
  return { recoveryCodes: attempt.recoveryCodes } satisfies TwoFactorFormResult;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("twoFactor.enrol.title"), noIndex: true });

export default function TwoFactorEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const result = actionData as TwoFactorFormResult | undefined;
  const continueLink = (
    <LocaleLink
      to={loaderData.next.replace(/^\/(es|en)(?=\/|$)/, "") || "/admin"}
      className="inline-block rounded-lg bg-blue-800 px-4 py-2 font-semibold text-white hover:bg-blue-900"
    >
      {t("twoFactor.continue")}
    </LocaleLink>
  );
  if (result?.recoveryCodes) {
    return (
      <AuthCard title={t("twoFactor.enrol.doneTitle")}>
        <p className="mb-4 text-slate-700">{t("twoFactor.enrol.recoveryIntro")}</p>
        <h2 id="recovery-codes-title" className="mb-2 text-lg font-semibold text-slate-900">
          {t("twoFactor.enrol.recoveryLabel")}
        </h2>
        <ul
          aria-labelledby="recovery-codes-title"
          className="mb-6 grid grid-cols-1 gap-1 font-mono text-base sm:grid-cols-2"
        >
          {result.recoveryCodes.map((code) => (
            <li key={code} data-testid="recovery-code">
              {code}
            </li>
          ))}
        </ul>
        {continueLink}
      </AuthCard>
    );
  }
  const enrolment = loaderData.enrolment;
  if (!enrolment) return <AuthCard title={t("twoFactor.enrol.doneTitle")}>{continueLink}</AuthCard>;
  return (
    <AuthCard title={t("twoFactor.enrol.title")}>
      <p className="mb-4 text-slate-700">{t("twoFactor.enrol.intro")}</p>
      <div
        role="img"
        aria-label={t("twoFactor.enrol.qrLabel")}
        className="mx-auto mb-4 w-56 max-w-full bg-white"
        data-testid="totp-qr"
        // Made on the server by uqr from the otpauth:// URI: no user input reaches it.
        dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
      />
      <label htmlFor="totp-secret" className="block text-sm font-semibold text-slate-800">
        {t("twoFactor.enrol.secretLabel")}
      </label>
      <input
        id="totp-secret"
        readOnly
        value={enrolment.groupedSecret}
        aria-describedby="totp-secret-hint"
        className="mb-1 w-full rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-base text-slate-900"
        data-testid="totp-secret"
      />
      <p id="totp-secret-hint" className="mb-4 text-sm text-slate-700">
        {t("twoFactor.enrol.secretHint")}
      </p>
      <TwoFactorCodeForm
        id="two-factor-enrol-code"
        next={loaderData.next}
        error={result?.errors?.code}
        errorValues={result?.errorValues}
        submit={t("twoFactor.enrol.submit")}
        recovery={false}
      />
    </AuthCard>
  );
}
