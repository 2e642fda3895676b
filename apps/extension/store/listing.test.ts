import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brand } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';

/** The stores' limits on the listing (Chrome Web Store: summary 132 characters, images below). */
const storeDir = path.dirname(fileURLToPath(import.meta.url));
const listing = readFileSync(path.join(storeDir, 'listing.md'), 'utf8');
const section = (name: string) =>
  new RegExp(`## ${name}\\n\\n([\\s\\S]*?)(?=\\n## |$)`).exec(listing)?.[1]?.trim() ?? '';
const pngSize = (file: string) => {
  const data = readFileSync(path.join(storeDir, file));
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
};

describe('the store listing', () => {
  it('names the product as the brand does', () => {
    expect(section('Name')).toBe(brand.name);
  });

  it('has a one-line summary of at most 132 characters', () => {
    const summary = section('Summary');
    expect(summary).not.toContain('\n');
    expect(summary.length).toBeGreaterThan(20);
    expect(summary.length).toBeLessThanOrEqual(132);
  });

  it('has a description within the 16,000 characters the store takes, linking the privacy policy', () => {
    const description = section('Description');
    expect(description.length).toBeLessThanOrEqual(16_000);
    expect(description).toContain(brand.privacyPolicyUrl);
  });

  it.each(['1-pause', '2-home', '3-popup'])('has the %s screenshot at 1280×800', (name) => {
    expect(pngSize(`screenshots/${name}.png`)).toEqual({ width: 1280, height: 800 });
  });

  it('has the small promo tile at 440×280', () => {
    expect(pngSize('promo/small-tile.png')).toEqual({ width: 440, height: 280 });
  });
});
