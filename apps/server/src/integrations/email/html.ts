import { brand, escapeHtml } from '@stillpoint/core';

/** Text made safe for an e-mail's HTML part (core's, as the first screens use it). */
export { escapeHtml };

/**
 * The HTML part of a Stillpoint e-mail: its content (already escaped) in one readable column, then
 * where to ask for help and the brand's line, the same in every message.
 */
export function emailDocument({ subject, content }: { subject: string; content: string }): string {
  const support = escapeHtml(brand.supportEmail);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2933;line-height:1.5;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto">
${content}
<p>Questions? Write to <a href="mailto:${support}">${support}</a> and we'll help.</p>
<p style="color:#66727f;font-size:13px">${escapeHtml(brand.name)} · <a href="${escapeHtml(brand.website)}">${escapeHtml(brand.website)}</a></p>
</div>
</body>
</html>`;
}
