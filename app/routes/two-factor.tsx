import { redirect } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { verifySecondFactor } from "~/features/accounts/two-factor.server";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { TwoFactorCodeForm } from "~/features/accounts/components/two-factor-code-form";
import { redirectWithFlash } from "~/features/accounts/pages.server";
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
import type { Route } from "./+types/two-factor";

// Decision 017: a staff member whose sign-in has not passed the second factor enters a code from
// the authenticator app, or a recovery code, before any back-office page or action.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { secondFactor } = requireStaffSignIn(context, request, lang);
  const next = new URL(request.url).searchParams.get("next");
  if (secondFactor.state === "verified") throw redirect(nextPath(next, lang));
  if (secondFactor.state === "enrol") {
    throw redirect(`${localePath(lang, "/two-factor/enrol")}${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  }
  return { next: nextPath(next, lang) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, user, secondFactor, clientIp } = requireStaffSignIn(context, request, lang);
  const form = await readForm(request);
  const next = nextPath(form.get("next"), lang);
  if (secondFactor.state === "verified") throw redirect(next);
  const code = String(form.get("code") ?? "").trim();
  if (!code) return missingCode();
  const attempt = await verifySecondFactor(db, { userId: user.id, sid: secondFactor.sid, ip: clientIp }, code);
  if (!attempt.ok) return refusedCode(attempt);
  if (attempt.usedRecoveryCode)
    return redirectWithFlash(request, next, { key: "twoFactor.recoveryUsed", tone: "info" });
  throw redirect(next);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("twoFactor.verify.title"), noIndex: true });

export default function TwoFactorVerify({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const result = actionData as TwoFactorFormResult | undefined;
  return (
    <AuthCard title={t("twoFactor.verify.title")}>
      <p className="mb-4 text-slate-700">{t("twoFactor.verify.intro")}</p>
      <TwoFactorCodeForm
        id="two-factor-code"
        next={loaderData.next}
        error={result?.errors?.code}
        errorValues={result?.errorValues}
        submit={t("twoFactor.verify.submit")}
        recovery
      />
      <p className="mt-6 text-sm text-slate-700">{t("twoFactor.verify.lostDevice")}</p>
    </AuthCard>
  );
}
