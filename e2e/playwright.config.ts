import { defineConfig } from '@playwright/test';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // CI's two workers share two cores with their servers and browsers: the same steps, slower.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: {
    timeout: process.env.CI ? 10_000 : 5_000,
    // visual.spec.ts (docs/visual-regression.md): the same Chromium draws the same pixels, so a few
    // stray anti-aliased pixels are allowed and a changed word, hundreds of pixels, is not.
    toHaveScreenshot: { maxDiffPixels: 100, threshold: 0.2 },
  },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { outputFolder: './.artifacts/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
