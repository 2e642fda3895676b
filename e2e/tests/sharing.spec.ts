import { WEB_PAGE_META, webPageTitle } from '@stillpoint/core';
import { expect, test } from '../fixtures/test';

// A shared link's preview reads the page's head as the server sends it: its title, description,
// canonical address and Open Graph and Twitter tags, with the page's social image drawn at build
// time. The referral link names who shared it.

const og = (name: string) => `head meta[property="og:${name}"]`;

test('a public page says what it is, with its own social image', async ({ page, baseURL }) => {
  await page.goto('/gift');
  await expect(page).toHaveTitle(webPageTitle('/gift'));
  await expect(page.locator(og('title'))).toHaveAttribute('content', webPageTitle('/gift'));
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute(
    'content',
    WEB_PAGE_META['/gift'].description,
  );
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/gift`);
  await expect(page.locator(og('url'))).toHaveAttribute('content', `${baseURL}/gift`);
  await expect(page.locator('head meta[name="twitter:card"]')).toHaveAttribute(
    'content',
    'summary_large_image',
  );

  const image = await page.locator(og('image')).getAttribute('content');
  expect(image).toMatch(new RegExp(`^${baseURL}/social/gift\\.[0-9a-f]{10}\\.png$`));
  const response = await page.request.get(image as string);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect(response.headers()['cache-control']).toContain('immutable');

  // Another page, another image.
  await page.goto('/twopercent');
  await expect(page.locator(og('image'))).not.toHaveAttribute('content', image as string);
});

test('a referral link’s preview names who shared it', async ({ page, baseURL }) => {
  await page.goto('/referral-link?sharedByName=Sam');
  await expect(page.locator(og('title'))).toHaveAttribute('content', 'Sam invited you to Stillpoint');
  await expect(page.locator('head meta[name="twitter:title"]')).toHaveAttribute(
    'content',
    'Sam invited you to Stillpoint',
  );
  await expect(page.locator(og('description'))).toHaveAttribute('content', /^Sam shared Stillpoint with you/);
  await expect(page.locator(og('url'))).toHaveAttribute('content', `${baseURL}/referral-link`);
  await expect(page).toHaveTitle('Sam invited you · Stillpoint');
  const image = await page.locator(og('image')).getAttribute('content');
  const response = await page.request.get(image as string);
  expect(response.headers()['content-type']).toBe('image/png');
});
