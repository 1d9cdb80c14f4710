/** The info links of the 'all' menu (§2.3) and the footer (§2.4), in the spec's order. */
export const INFO_LINKS = [
  { to: "/chat", key: "links.chat" },
  { to: "/sell-with-us", key: "links.sellWithUs" },
  { to: "/about-us", key: "links.aboutUs" },
  { to: "/help-center", key: "links.helpCenter" },
  { to: "/privacy-policy", key: "links.privacyPolicy" },
  { to: "/terms-of-service", key: "links.termsOfService" },
] as const;
