import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEVELOPMENT_EXTENSION_ID } from '@stillpoint/core';

const manifestPath = new URL('../../apps/extension/.output/chrome-mv3/manifest.json', import.meta.url);

test('the development extension build carries the key whose id the web app expects', () => {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    manifest_version: number;
    key: string;
  };
  expect(manifest.manifest_version).toBe(3);
  // Chrome's id: the first 128 bits of SHA-256 of the public key, written with the letters a-p.
  const digest = createHash('sha256').update(Buffer.from(manifest.key, 'base64')).digest('hex').slice(0, 32);
  const id = [...digest].map((hex) => String.fromCharCode(97 + Number.parseInt(hex, 16))).join('');
  expect(id).toBe(DEVELOPMENT_EXTENSION_ID);
});
