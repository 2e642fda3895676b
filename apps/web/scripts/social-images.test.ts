import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PUBLIC_WEB_PAGE_PATHS, SOCIAL_IMAGE_SIZE } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageName, SOCIAL_IMAGES_FILE, type SocialImages, writeSocialImages } from './social-images';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the social images the build writes', () => {
  let dist: string;
  let written: SocialImages;
  const image = (page: string) => readFileSync(path.join(dist, written.images[page] as string));

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'social-images-'));
    written = await writeSocialImages(dist);
  }, 60_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('names one image per public page for the server', () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, SOCIAL_IMAGES_FILE), 'utf8')) as SocialImages;
    expect(manifest).toEqual(written);
    expect(Object.keys(manifest.images).sort()).toEqual([...PUBLIC_WEB_PAGE_PATHS].sort());
    expect(manifest.images['/newsletter/confirm']).toMatch(
      /^\/social\/newsletter-confirm\.[0-9a-f]{10}\.png$/,
    );
  });

  it.each(PUBLIC_WEB_PAGE_PATHS)('%s has a 1200×630 PNG', (page) => {
    const png = image(page);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual(SOCIAL_IMAGE_SIZE);
  });

  it('draws every page its own image, its address changing with it', () => {
    const hashes = PUBLIC_WEB_PAGE_PATHS.map((page) => image(page).toString('base64'));
    expect(new Set(hashes).size).toBe(PUBLIC_WEB_PAGE_PATHS.length);
    expect(new Set(Object.values(written.images)).size).toBe(PUBLIC_WEB_PAGE_PATHS.length);
  });

  it('names files after their pages', () => {
    expect(imageName('/mobileDownload')).toBe('mobiledownload');
    expect(imageName('/account/deleted')).toBe('account-deleted');
  });
});
