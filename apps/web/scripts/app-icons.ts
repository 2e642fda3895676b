/**
 * The icons a browser or a phone asks the site for, all drawn from public/favicon.svg, and the web
 * app manifest that names them, with its colours from the design tokens in src/styles.css.
 * `npx tsx apps/web/scripts/app-icons.ts` writes them into public/ (the build copies them to the
 * root of dist); app-icons.test.ts fails when the files there are not what this draws.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { brand } from '@stillpoint/core';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const publicDir = path.join(webRoot, 'public');

/** A colour token of styles.css' `@theme`, e.g. `paper` for `--color-paper`. */
export function colorToken(css: string, name: string): string {
  const value = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css)?.[1];
  if (!value) throw new Error(`app icons: styles.css has no --color-${name}`);
  return value.toLowerCase();
}

/** The logo at `size` pixels square; with a background, opaque (the touch and maskable icons). */
function png(svg: string, size: number, background?: string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    ...(background ? { background } : {}),
  });
  return Buffer.from(resvg.render().asPng());
}

/**
 * An .ico holding PNG images (the format Windows Vista introduced, which every browser reads): a
 * 6-byte header, a 16-byte entry per image, then the images.
 */
export function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: an icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png: data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

export const MANIFEST_ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
  // The logo's rings sit well inside the safe circle (80 %) a launcher may crop a maskable icon to.
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** Every file this draws, by its name in public/. */
export function appIcons(): Record<string, Buffer> {
  const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
  const css = readFileSync(path.join(webRoot, 'src', 'styles.css'), 'utf8');
  const paper = colorToken(css, 'paper');
  // The logo's own disc: an opaque icon is that colour to its edges.
  const accent = colorToken(css, 'accent');
  const manifest = {
    name: brand.name,
    short_name: brand.name,
    description: `${brand.tagline} Limit distracting sites and apps.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: paper,
    background_color: paper,
    icons: MANIFEST_ICONS,
  };
  return {
    'favicon.ico': ico([16, 32, 48].map((size) => ({ size, png: png(svg, size) }))),
    'apple-touch-icon.png': png(svg, 180, accent),
    'icon-192.png': png(svg, 192),
    'icon-512.png': png(svg, 512),
    'icon-maskable-512.png': png(svg, 512, accent),
    'manifest.webmanifest': Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [name, data] of Object.entries(appIcons())) {
    writeFileSync(path.join(publicDir, name), data);
    console.log(`wrote public/${name} (${data.length} bytes)`);
  }
}
