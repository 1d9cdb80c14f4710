/** The header's icon buttons and links (`.hdr-act` in app.css). */
export const HEADER_ACTION = "hdr-act";

/** A link in one of the header's menus (`.menu-link` in app.css). */
export const MENU_LINK = "menu-link";
