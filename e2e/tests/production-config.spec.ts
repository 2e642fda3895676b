import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = path.join(root, 'apps/server/dist/main.js');

/** Runs the built server with exactly this environment and resolves with how it ended. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // A server that starts instead of refusing would never exit: stop it and fail with what it said.
    const started = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not refuse to start:\n${output}`));
    }, 20_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(started);
      resolve({ code, output });
    });
  });
}

test('production with the development outbox refuses to start, naming every offending variable', async () => {
  expect(existsSync(serverEntry), 'the server is built (npm run build)').toBe(true);
  // Nothing inherited: the refusal must come from these two variables and the unset real parts.
  const { code, output } = await runServer({ APP_ENV: 'production', DEV_OUTBOX: 'true' });
  expect(code).toBe(1);
  expect(output.trim().split('\n')).toEqual([
    'Invalid configuration for APP_ENV=production:',
    '  - DEV_OUTBOX: not allowed in production (anyone could read every sign-in code at /api/dev/outbox)',
    '  - BETTER_AUTH_SECRET: required in production (it signs every session; 32+ characters)',
    '  - DATABASE_URL: required in production (PGlite, the embedded database, serves a single process)',
    '  - REDIS_URL: required in production (every instance shares its rate limits through it)',
    '  - PUBLIC_URL: required in production (the https:// origin people reach)',
    '  - TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required in production to send sign-in codes',
    '  - SMTP_URL: required in production to send e-mail',
    '  - GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: required in production for Google sign-in',
    '  - APPLE_CLIENT_ID, APPLE_CLIENT_SECRET: required in production for Apple sign-in',
    '  - STRIPE_SECRET_KEY: required in production (the local payment provider takes no money)',
    '  - STRIPE_WEBHOOK_SECRET: required in production',
    '  - STRIPE_PUBLISHABLE_KEY: required in production',
    '  - PRICE_ID_MONTHLY: required in production (a price id of your Stripe account)',
    '  - PRICE_ID_ANNUAL: required in production (a price id of your Stripe account)',
    '  - PRICE_ID_ANNUAL_50: required in production (a price id of your Stripe account)',
    '  - PRICE_ID_ANNUAL_WINBACK_25: required in production (a price id of your Stripe account)',
    '  - PRICE_ID_ANNUAL_WINBACK_35: required in production (a price id of your Stripe account)',
    '  - PRICE_ID_GIFT: required in production (a price id of your Stripe account)',
    '  - PRICE_ID_BIENNIAL_90: required in production (a price id of your Stripe account)',
    '  - APP_STORE_ID: required in production (the App Store id the store links and deep links open)',
    '  - PLAY_STORE_PACKAGE: required in production (the Android package the Play Store links open)',
    '  - EXTENSION_STORE_URL: required in production (the Chrome Web Store page the "Add to Chrome" links open)',
  ]);
});
