import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appIcons, colorToken, ico, MANIFEST_ICONS, publicDir } from './app-icons';

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (data: Buffer) => ({ width: data.readUInt32BE(16), height: data.readUInt32BE(20) });
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('the app icons and the manifest in public/', () => {
  const drawn = appIcons();

  it.each(Object.keys(drawn))(
    'public/%s is what app-icons.ts draws (run it after changing the logo)',
    (name) => {
      expect(readFileSync(path.join(publicDir, name)).equals(drawn[name] as Buffer)).toBe(true);
    },
  );

  it('has an opaque 180 px apple-touch-icon', () => {
    const icon = drawn['apple-touch-icon.png'] as Buffer;
    expect(icon.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(icon)).toEqual({ width: 180, height: 180 });
  });

  it('names icons that exist at the sizes it gives, and the design tokens as its colours', () => {
    const manifest = JSON.parse((drawn['manifest.webmanifest'] as Buffer).toString('utf8'));
    const css = readFileSync(path.join(publicDir, '..', 'src', 'styles.css'), 'utf8');
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone', name: 'Stillpoint' });
    expect(manifest.theme_color).toBe(colorToken(css, 'paper'));
    expect(manifest.background_color).toBe(colorToken(css, 'paper'));
    expect(manifest.icons).toEqual(MANIFEST_ICONS);
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of MANIFEST_ICONS) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(drawn[icon.src.slice(1)] as Buffer)).toEqual({ width, height });
    }
  });

  it('writes an .ico whose entries point at its PNG images', () => {
    const favicon = drawn['favicon.ico'] as Buffer;
    expect(favicon.readUInt16LE(2)).toBe(1);
    const count = favicon.readUInt16LE(4);
    expect(count).toBe(3);
    const sizes = Array.from({ length: count }, (_, i) => {
      const entry = 6 + 16 * i;
      const length = favicon.readUInt32LE(entry + 8);
      const offset = favicon.readUInt32LE(entry + 12);
      const image = favicon.subarray(offset, offset + length);
      expect(image.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngSize(image).width).toBe(favicon.readUInt8(entry));
      return favicon.readUInt8(entry);
    });
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('marks a 256 px image as 0 in its entry, as the format says', () => {
    const png = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(16)]);
    const file = ico([{ size: 256, png }]);
    expect(file.readUInt8(6)).toBe(0);
    expect(file.readUInt32LE(6 + 12)).toBe(22);
  });
});
