import { brand, type PurchaseSummary, purchaseConfirmation } from '@stillpoint/core';
import type { EmailMessage } from '../../integrations/email';
import { emailDocument, escapeHtml } from '../../integrations/email/html';
import { SUBSCRIPTION_PAGE_PATH } from '../subscription/management-url';

/**
 * The receipt of a web plan: the confirmation the page shows (core's purchaseConfirmation, its
 * dates in UTC, as an e-mail cannot know the reader's zone), and where to manage the plan.
 */
export function receiptEmail({
  to,
  summary,
  publicUrl,
}: {
  to: string;
  summary: PurchaseSummary;
  publicUrl: string;
}): EmailMessage {
  const confirmation = purchaseConfirmation({ ...summary, receiptSentTo: null }, { utc: true });
  const subject = `${confirmation.title} · ${brand.name}`;
  const manageUrl = `${publicUrl}${SUBSCRIPTION_PAGE_PATH}`;
  const text = [
    `${confirmation.title}.`,
    '',
    ...confirmation.items.map((item) => `${item.label}: ${item.value}`),
    '',
    `Your Subscription page: ${manageUrl}`,
    '',
    `Questions? Write to ${brand.supportEmail} and we'll help.`,
    '',
    `${brand.name} · ${brand.website}`,
  ].join('\n');

  const rows = confirmation.items
    .map(
      (item) =>
        `<tr><th style="text-align:left;vertical-align:top;padding:6px 16px 6px 0;color:#66727f;font-weight:normal;white-space:nowrap">${escapeHtml(item.label)}</th><td style="padding:6px 0">${escapeHtml(item.value)}</td></tr>`,
    )
    .join('');
  const url = escapeHtml(manageUrl);
  const html = emailDocument({
    subject,
    content: `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(confirmation.title)}</h1>
<table style="border-collapse:collapse;margin:0 0 16px">${rows}</table>
<p><a href="${url}" style="display:inline-block;background:#1f2933;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Open your Subscription page</a></p>`,
  });
  return { to, subject, text, html };
}
