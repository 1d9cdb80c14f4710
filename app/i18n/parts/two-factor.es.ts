/** Two-factor sign-in for staff (docs/decisions/017-staff-two-factor.md): the enrol and verify pages, the staff page's reset. */
export const twoFactorEs = {
  "twoFactor.enrol.title": "Activa la verificación en dos pasos",
  "twoFactor.enrol.intro":
    "El panel de la tienda pide un segundo paso al entrar. Escanea este código QR con una aplicación de autenticación (Google Authenticator, Aegis, FreeOTP…) y escribe el código de 6 cifras que muestre.",
  "twoFactor.enrol.qrLabel": "Código QR para añadir esta cuenta a tu aplicación de autenticación",
  "twoFactor.enrol.secretLabel": "Clave para escribirla a mano",
  "twoFactor.enrol.secretHint":
    "Si no puedes escanear el QR, escribe esta clave en la aplicación (tipo: basada en tiempo).",
  "twoFactor.enrol.submit": "Activar",
  "twoFactor.enrol.doneTitle": "Verificación en dos pasos activada",
  "twoFactor.enrol.recoveryIntro":
    "Guarda estos diez códigos de recuperación en un lugar seguro: cada uno sirve una sola vez si pierdes el teléfono. No se volverán a mostrar.",
  "twoFactor.enrol.recoveryLabel": "Códigos de recuperación",
  "twoFactor.continue": "Ir al panel",
  "twoFactor.verify.title": "Verificación en dos pasos",
  "twoFactor.verify.intro":
    "Escribe el código de 6 cifras de tu aplicación de autenticación, o uno de tus códigos de recuperación.",
  "twoFactor.verify.submit": "Verificar",
  "twoFactor.verify.lostDevice":
    "¿Perdiste el teléfono y los códigos de recuperación? Pide a un propietario que restablezca tu verificación en la página del equipo.",
  "twoFactor.field.code": "Código de verificación",
  "twoFactor.field.codeHint": "6 cifras de la aplicación, o un código de recuperación (XXXX-XXXX-XXXX-XXXX).",
  "twoFactor.errors.invalid": "Ese código no es válido o ya se usó. Espera al siguiente código e inténtalo de nuevo.",
  "twoFactor.errors.required": "Escribe el código.",
  "twoFactor.errors.rateLimited": "Demasiados intentos fallidos. Inténtalo de nuevo en {seconds} segundos.",
  "twoFactor.recoveryUsed": "Entraste con un código de recuperación: ese código ya no sirve otra vez.",
  "admin.staff.twoFactorOn": "verificación en dos pasos activa",
  "admin.staff.twoFactorOff": "sin verificación en dos pasos",
  "admin.staff.resetTwoFactor": "Restablecer verificación",
  "admin.staff.resetTwoFactorOf": "Restablecer la verificación en dos pasos de {email}",
  "admin.staff.twoFactorReset":
    "La verificación en dos pasos de {email} se restableció: la activará de nuevo al entrar.",
} as const;
