import type { Page } from '@playwright/test';
import { MONTH_NAMES, WEB_PAGES, WEEKDAY_NAMES, type WebPagePath } from '@stillpoint/core';
import { signInWithTestPhone } from '../fixtures/auth';
import { addSiteByApi } from '../fixtures/sites';
import { expect, test } from '../fixtures/test';

// One voice (docs/copy.md): every heading, button, link, status and toast, and the tab title, in
// sentence case. Only the first word of a sentence starts with a capital, besides proper nouns.

/** Words spelled as their owners spell them, which keep their capitals anywhere in a sentence. */
const PROPER_NOUNS = new Set([
  'Stillpoint',
  'Premium',
  'Chrome',
  'Google',
  'Apple',
  'Android',
  'YouTube',
  'LinkedIn',
  'TikTok',
  'Facebook',
  'Instagram',
  'Reddit',
  'Twitter',
  'X',
  'Stripe',
  'Sentry',
  'Visa',
  'Mastercard',
  'PayPal',
  ...WEEKDAY_NAMES,
  ...MONTH_NAMES,
  'I',
]);

/** Names of more than one word: each counts as one proper noun. */
const PROPER_NAMES = ['App Store', 'Google Play', 'Chrome Web Store', 'Cloudflare Turnstile', 'Events API'];

/** Pages anyone may open: those crawlers are not kept out of. */
const PUBLIC_PAGES = (Object.keys(WEB_PAGES) as WebPagePath[]).filter(
  (path) => WEB_PAGES[path] !== 'disallow',
);

/**
 * The words of `text` that break sentence case. `inline` text sits inside a sentence (a link in a
 * paragraph), so its first word need not be a capital.
 */
function sentenceCaseBreaks(text: string, inline = false): string[] {
  const breaks: string[] = [];
  const named = PROPER_NAMES.reduce((rest, name) => rest.replaceAll(name, 'Stillpoint'), text);
  // A sentence ends at . ! or ? followed by a space, and a line is a block of its own (a
  // "Question 1 of 8" above its question): each starts again with a capital.
  for (const sentence of named.split(/(?<=[.!?])\s+|\s*\n\s*/)) {
    // Marks such as "+" or "·" are not words; numbers are, and may start a sentence.
    const words = sentence.split(/\s+/).filter((word) => /[\p{L}\d]/u.test(word));
    for (const [index, raw] of words.entries()) {
      // Addresses, paths, sites and acronyms (FAQ, SMS, iOS) are written as they are.
      if (/[.@/]\p{L}/u.test(raw)) continue;
      const word = raw.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '').replace(/['’]s$/, '');
      if (/\p{Lu}.*\p{Lu}/u.test(word) || /^\p{Ll}+\p{Lu}/u.test(word) || PROPER_NOUNS.has(word)) continue;
      const first = word.charAt(0);
      const upper = first !== first.toLowerCase();
      const lower = first !== first.toUpperCase();
      // A parenthesis or a quotation inside a sentence goes on in lower case.
      const opensAside = /^[("“‘]/.test(raw);
      if (index === 0 && lower && !inline && !opensAside) breaks.push(raw);
      if (index > 0 && upper) breaks.push(raw);
    }
  }
  return breaks;
}

/** What a person reads there: the tab title and the visible text of headings, buttons, links, statuses and toasts. */
async function textsToRead(page: Page): Promise<{ text: string; inline: boolean }[]> {
  const texts = await page
    .locator(
      'h1, h2, h3, h4, h5, h6, [role=heading], button, [role=button], a[href], [role=link], [role=status], [role=alert], [data-sonner-toast], [role=tab], legend, label',
    )
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => {
          const html = element as HTMLElement;
          const style = getComputedStyle(html);
          // The text as laid out (innerText keeps the breaks between blocks), unless CSS draws it in
          // capitals (text-transform): those are not the copy's, so read the copy itself.
          // biome-ignore lint/performance/useDomNodeTextContent: the visible text is the subject.
          const laidOut = html.innerText;
          const text = (style.textTransform === 'none' ? laidOut : (html.textContent ?? '')).trim();
          const parentText = html.parentElement?.textContent?.trim() ?? '';
          const inline = style.display === 'inline' && parentText.length > text.length;
          return { text, inline };
        })
        .filter(({ text }) => text !== ''),
    );
  const title = (await page.title()).split(' · ').map((text) => ({ text, inline: false }));
  return [...title, ...texts];
}

/** Every text of the open page that is not sentence case, with the words that break it. */
async function offCase(page: Page): Promise<string[]> {
  const path = new URL(page.url()).pathname;
  const found = (await textsToRead(page)).flatMap(({ text, inline }) => {
    const breaks = sentenceCaseBreaks(text, inline);
    return breaks.length > 0 ? [`${path}: "${text.replace(/\s+/g, ' ')}" (${breaks.join(', ')})`] : [];
  });
  return [...new Set(found)];
}

test.describe('one voice', () => {
  test('the rule itself: proper nouns and acronyms keep their capitals, other words do not', () => {
    expect(sentenceCaseBreaks('Start 7-day free trial')).toEqual([]);
    expect(sentenceCaseBreaks('Block YouTube, LinkedIn and TikTok feeds on Chrome. Then breathe.')).toEqual(
      [],
    );
    expect(sentenceCaseBreaks('Read the FAQ at stillpoint.app/help')).toEqual([]);
    expect(sentenceCaseBreaks('Get it on Google Play or the App Store')).toEqual([]);
    expect(sentenceCaseBreaks('Start 7 Day Free Trial')).toEqual(['Day', 'Free', 'Trial']);
    expect(sentenceCaseBreaks('upgrade')).toEqual(['upgrade']);
    expect(sentenceCaseBreaks('terms of service', true)).toEqual([]);
    expect(sentenceCaseBreaks('+ Add Site')).toEqual(['Site']);
    expect(sentenceCaseBreaks('2% challenge')).toEqual([]);
    expect(sentenceCaseBreaks('Get it on\nGoogle Play\n(opens in a new tab)')).toEqual([]);
    expect(sentenceCaseBreaks('Question 1 of 8\nWhat would you like?')).toEqual([]);
  });

  test("every public page, home and breathe's choice speak in sentence case", async ({ page }) => {
    test.setTimeout(90_000);
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      found.push(...(await offCase(page)));
    }
    await signInWithTestPhone(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    found.push(...(await offCase(page)));
    // Breathe's choice, once its 11 s pause is over.
    const siteId = await addSiteByApi(page, 'www.youtube.com', 3);
    await page.goto(`/breathe?siteId=${siteId}&returnUrl=https://www.youtube.com/`);
    await expect(page.getByRole('button', { name: 'Use site', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    found.push(...(await offCase(page)));
    expect(found, 'texts that are not sentence case').toEqual([]);
  });
});
