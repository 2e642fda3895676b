import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionIcons, iconDir } from './icons';
import { ICON_SIZES } from './store-build';

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (data: Buffer) => ({ width: data.readUInt32BE(16), height: data.readUInt32BE(20) });

describe('the extension icons in public/icon/', () => {
  const drawn = extensionIcons();

  it.each(ICON_SIZES.map((size) => `${size}.png`))(
    'public/icon/%s is what build/icons.ts draws from the favicon (run it after changing the logo)',
    (name) => {
      const committed = readFileSync(path.join(iconDir, name));
      expect(committed.equals(drawn[name] as Buffer)).toBe(true);
    },
  );

  it.each([...ICON_SIZES])('draws the %i px icon at its size', (size) => {
    expect(pngSize(drawn[`${size}.png`] as Buffer)).toEqual({ width: size, height: size });
  });
});
