/**
 * Text made safe for HTML, as text or inside a quoted attribute: a name someone wrote into a link
 * or typed into a form cannot become markup.
 */
export const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
