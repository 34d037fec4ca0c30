/** The Paysight mark, drawn inline in the top bar of every page. */
export const LOGO =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><rect width="24" height="24" rx="6" fill="#6366f1"/><circle cx="12" cy="12" r="5.5" fill="none" stroke="#fff" stroke-width="2"/><circle cx="12" cy="12" r="2" fill="#fff"/></svg>';

/** The same mark as the page's icon: a data URL, so the page loads nothing for it. */
export const ICON_HREF = `data:image/svg+xml,${encodeURIComponent(LOGO.replace(' aria-hidden="true"', ' xmlns="http://www.w3.org/2000/svg"'))}`;
