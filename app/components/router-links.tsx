/**
 * React Router's Link, NavLink and Form without the `data-discover` attribute. The whole route
 * manifest reaches the browser up front (react-router.config.ts: `routeDiscovery: "initial"`, one
 * cached file of 2.6 KB gzip), so no link or form needs lazy route discovery; the attribute was
 * 2.7 KB of the home page's HTML. ESLint sends every import here. A `fetcher.Form`
 * takes `{...NO_DISCOVERY}` (its props type leaves `discover` out; it passes it on to Form).
 */
import {
  type FormProps,
  type LinkProps,
  type NavLinkProps,
  Form as RouterForm,
  Link as RouterLink,
  NavLink as RouterNavLink,
} from "react-router";
import type { Ref } from "react";

export function Link(props: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <RouterLink discover="none" {...props} />;
}

export function NavLink(props: NavLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <RouterNavLink discover="none" {...props} />;
}

export function Form(props: FormProps & { ref?: Ref<HTMLFormElement> }) {
  return <RouterForm discover="none" {...props} />;
}

/** Spread on a `fetcher.Form`: no lazy-discovery attribute (see above). */
export const NO_DISCOVERY = { discover: "none" } as const;
