import { brand, GIFT_DURATION_YEARS } from '@stillpoint/core';
import type { EmailMessage } from '../../integrations/email';
import { escapeHtml } from '../../integrations/email/html';

export interface GiftEmailInput {
  to: string;
  codes: readonly string[];
  /** The redeem page's address, e.g. https://stillpoint.app/redeem. */
  redeemUrl: string;
}

const years = GIFT_DURATION_YEARS === 1 ? '1 year' : `${GIFT_DURATION_YEARS} years`;

function subjectOf(count: number): string {
  return count === 1 ? `Your ${brand.name} gift code` : `Your ${count} ${brand.name} gift codes`;
}

function introOf(count: number): string {
  return count === 1
    ? `Thank you for giving ${brand.name}. Here is your gift code: it is worth ${years} of ${brand.name} Premium.`
    : `Thank you for giving ${brand.name}. Here are your ${count} gift codes: each one is worth ${years} of ${brand.name} Premium, for one person.`;
}

const steps = (redeemUrl: string) => [
  `Give each code to the person you are gifting. To use it, they open ${redeemUrl}, sign in (or create an account), and enter the code.`,
  'A code can be redeemed once. Someone whose subscription renews automatically should redeem it after that subscription ends.',
];

/**
 * The buyer's confirmation: every code, where to redeem them and whom to ask, as plain text and
 * as HTML (codes in a monospace face, so they read unambiguously).
 */
export function giftConfirmationEmail({ to, codes, redeemUrl }: GiftEmailInput): EmailMessage {
  const count = codes.length;
  const text = [
    introOf(count),
    '',
    ...codes.map((code) => `    ${code}`),
    '',
    ...steps(redeemUrl).flatMap((line) => [line, '']),
    `Questions? Write to ${brand.supportEmail} and we'll help.`,
    '',
    `${brand.name} · ${brand.website}`,
  ].join('\n');

  const codeItems = codes
    .map(
      (code) =>
        `<li style="font-family:ui-monospace,Menlo,Consolas,monospace;font-size:22px;letter-spacing:4px;margin:6px 0">${escapeHtml(code)}</li>`,
    )
    .join('');
  const url = escapeHtml(redeemUrl);
  const support = escapeHtml(brand.supportEmail);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subjectOf(count))}</title></head>
<body style="font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2933;line-height:1.5;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(brand.name)} gift${count === 1 ? '' : 's'}</h1>
<p>${escapeHtml(introOf(count))}</p>
<ul style="list-style:none;padding:0;margin:16px 0">${codeItems}</ul>
${steps(redeemUrl)
  .map((line) => `<p>${escapeHtml(line).replace(url, `<a href="${url}">${url}</a>`)}</p>`)
  .join('\n')}
<p><a href="${url}" style="display:inline-block;background:#1f2933;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Redeem a code</a></p>
<p>Questions? Write to <a href="mailto:${support}">${support}</a> and we'll help.</p>
<p style="color:#66727f;font-size:13px">${escapeHtml(brand.name)} · <a href="${escapeHtml(brand.website)}">${escapeHtml(brand.website)}</a></p>
</div>
</body>
</html>`;
  return { to, subject: subjectOf(count), text, html };
}
