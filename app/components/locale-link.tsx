import { type LinkProps, type NavLinkProps } from "react-router";
import { Link, NavLink } from "~/components/router-links";
import { useLocalePath } from "~/i18n/use-t";

/**
 * A link inside the current language (docs/style.md): `to` is the path without the prefix
 * (`/shop/alimentos`), the helper adds `/{lang}`.
 */
export function LocaleLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const href = useLocalePath();
  return <Link to={href(to)} {...props} />;
}

/** A NavLink inside the current language; it sets `aria-current="page"` when active. */
export function LocaleNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  const href = useLocalePath();
  return <NavLink to={href(to)} {...props} />;
}
