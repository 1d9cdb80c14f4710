import type { offlineEs } from "./offline.es";

export const offlineEn = {
  "offline.notice": "You're offline — prices may have changed.",
  "offline.formNeedsConnection":
    "This needs an internet connection. What you typed is still here: send it once you're back online.",

  "offline.page.title": "You're offline",
  "offline.page.text": "This page isn't saved on your device yet, so it can't be shown without a connection.",
  "offline.page.hint": "Pages you've already visited can still be read offline. Try again once you're connected.",
  "offline.page.retry": "Try again",
  "offline.page.home": "Go to the home page",

  "offline.manifest.shortName": "Tienda Cuba",
} satisfies Record<keyof typeof offlineEs, string>;
