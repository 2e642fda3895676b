import { type BrowserContext, chromium } from '@playwright/test';
import { chromiumPath } from '../../e2e/playwright.config';

/**
 * Debian's Chromium with one unpacked extension and a fresh profile, the fixture host names
 * mapped to a local fixture server: the flags of e2e/fixtures/chromium-with-extension.ts, for any
 * extension, so two blockers run in browsers that differ only in the extension they carry.
 */
export function launchChromiumWith(
  extensionPath: string,
  hostResolverRules: string,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext('', {
    executablePath: chromiumPath,
    headless: false,
    ignoreDefaultArgs: ['--disable-extensions'],
    ignoreHTTPSErrors: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--ignore-certificate-errors',
      `--host-resolver-rules=${hostResolverRules}`,
      `--disable-extensions-except=${extensionPath}`,
      `--load-extension=${extensionPath}`,
    ],
  });
}
