/**
 * The extension's icons, drawn from the web app's favicon.svg so the toolbar, the extensions page
 * and the store show the same mark as the site. `npx tsx apps/extension/build/icons.ts` writes
 * them into public/icon/ (WXT lists them in the manifest); icons.test.ts fails when the files
 * there are not what this draws.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { ICON_SIZES } from './store-build';

const extensionRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const iconDir = path.join(extensionRoot, 'public', 'icon');
const faviconPath = path.resolve(extensionRoot, '..', 'web', 'public', 'favicon.svg');

/** Each icon's PNG, by its file name in public/icon/. */
export function extensionIcons(): Record<string, Buffer> {
  const svg = readFileSync(faviconPath, 'utf8');
  return Object.fromEntries(
    ICON_SIZES.map((size) => {
      const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: size } });
      return [`${size}.png`, Buffer.from(resvg.render().asPng())];
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [name, data] of Object.entries(extensionIcons())) {
    writeFileSync(path.join(iconDir, name), data);
    console.log(`wrote public/icon/${name} (${data.length} bytes)`);
  }
}
