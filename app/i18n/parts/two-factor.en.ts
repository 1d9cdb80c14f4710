import type { twoFactorEs } from "./two-factor.es";

/** Two-factor sign-in for staff in English (docs/decisions/017-staff-two-factor.md). */
export const twoFactorEn = {
  "twoFactor.enrol.title": "Turn on two-step verification",
  "twoFactor.enrol.intro":
    "The store's back office asks for a second step at sign-in. Scan this QR code with an authenticator app (Google Authenticator, Aegis, FreeOTP…) and enter the 6-digit code it shows.",
  "twoFactor.enrol.qrLabel": "QR code to add this account to your authenticator app",
  "twoFactor.enrol.secretLabel": "Key for manual entry",
  "twoFactor.enrol.secretHint": "If you cannot scan the QR code, type this key into the app (type: time-based).",
  "twoFactor.enrol.submit": "Turn on",
  "twoFactor.enrol.doneTitle": "Two-step verification is on",
  "twoFactor.enrol.recoveryIntro":
    "Keep these ten recovery codes somewhere safe: each works once if you lose your phone. They will not be shown again.",
  "twoFactor.enrol.recoveryLabel": "Recovery codes",
  "twoFactor.continue": "Go to the back office",
  "twoFactor.verify.title": "Two-step verification",
  "twoFactor.verify.intro": "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  "twoFactor.verify.submit": "Verify",
  "twoFactor.verify.lostDevice":
    "Lost your phone and your recovery codes? Ask an owner to reset your verification on the staff page.",
  "twoFactor.field.code": "Verification code",
  "twoFactor.field.codeHint": "6 digits from the app, or a recovery code (XXXX-XXXX-XXXX-XXXX).",
  "twoFactor.errors.invalid": "That code is not valid or was already used. Wait for the next code and try again.",
  "twoFactor.errors.required": "Enter the code.",
  "twoFactor.errors.rateLimited": "Too many failed attempts. Try again in {seconds} seconds.",
  "twoFactor.recoveryUsed": "You signed in with a recovery code: that code will not work again.",
  "admin.staff.twoFactorOn": "two-step verification on",
  "admin.staff.twoFactorOff": "no two-step verification",
  "admin.staff.resetTwoFactor": "Reset verification",
  "admin.staff.resetTwoFactorOf": "Reset {email}'s two-step verification",
  "admin.staff.twoFactorReset": "{email}'s two-step verification was reset: they will turn it on again at sign-in.",
} satisfies Record<keyof typeof twoFactorEs, string>;
