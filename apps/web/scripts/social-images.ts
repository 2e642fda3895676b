/**
 * Draws each public page's social image (the picture a shared link's preview shows) at build time:
 * the logo from public/favicon.svg, the page's headline from core's WEB_PAGE_META and the colours
 * of styles.css, laid out by satori and painted by resvg, in one process and with no download.
 * Each is written as dist/social/<page>.<hash>.png, so a changed image gets a new address and the
 * old one can be cached for good, and dist/.vite/social-images.json names them for the server,
 * which puts them in each page's head (apps/server http/page-heads.ts).
 * Run by `npm run build -w apps/web` after `vite build`; `tsx scripts/social-images.ts [distDir]`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import {
  brand,
  PUBLIC_WEB_PAGE_PATHS,
  type PublicWebPagePath,
  SOCIAL_IMAGE_SIZE,
  WEB_PAGE_META,
} from '@stillpoint/core';
import satori from 'satori';
import { colorToken } from './app-icons';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the server finds which image belongs to which page, relative to the web build. */
export const SOCIAL_IMAGES_FILE = path.join('.vite', 'social-images.json');
/** The folder of the images in the web build, which is also their address. */
export const SOCIAL_IMAGES_DIR = 'social';

export interface SocialImages {
  width: number;
  height: number;
  /** Each public page's image address on the site, e.g. `/social/gift.3f2a9c1b0d.png`. */
  images: Record<string, string>;
}

/** satori's element shape: what JSX would make, written out so this script needs no JSX. */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string } & Record<
    string,
    unknown
  >;
}
const box = (style: Node['props']['style'], ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

const require = createRequire(import.meta.url);
/** Inter from its npm package (satori reads .woff, not .woff2): nothing is fetched. */
const font = (weight: 400 | 600) =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));

/** A page's file name: `/newsletter/confirm` → `newsletter-confirm`. */
export const imageName = (page: string): string => page.slice(1).replace(/\//g, '-').toLowerCase();

interface Look {
  colors: Record<'paper' | 'ink' | 'muted' | 'accent' | 'accentSoft' | 'line', string>;
  logo: string;
}

function readLook(): Look {
  const css = readFileSync(path.join(webRoot, 'src/styles.css'), 'utf8');
  const logo = readFileSync(path.join(webRoot, 'public/favicon.svg'));
  return {
    colors: {
      paper: colorToken(css, 'paper'),
      ink: colorToken(css, 'ink'),
      muted: colorToken(css, 'muted'),
      accent: colorToken(css, 'accent'),
      accentSoft: colorToken(css, 'accent-soft'),
      line: colorToken(css, 'line'),
    },
    logo: `data:image/svg+xml;base64,${logo.toString('base64')}`,
  };
}

/** One page's card: the logo and name, the headline, the page's description, the site's address. */
function card(page: PublicWebPagePath, { colors, logo }: Look): Node {
  const { headline, description } = WEB_PAGE_META[page];
  const { width, height } = SOCIAL_IMAGE_SIZE;
  // The breathing circle, large and soft at the right edge, as the breathe page draws it.
  const circle = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="${height}"><g fill="none" stroke="${colors.accentSoft}"><circle cx="440" cy="${height / 2}" r="250" stroke-width="28"/><circle cx="440" cy="${height / 2}" r="150" stroke-width="20"/></g><circle cx="440" cy="${height / 2}" r="48" fill="${colors.accentSoft}"/></svg>`;
  return box(
    {
      // satori sizes boxes without their padding unless told otherwise.
      boxSizing: 'border-box',
      width,
      height,
      flexDirection: 'column',
      padding: '72px 80px 56px',
      backgroundColor: colors.paper,
      borderBottom: `16px solid ${colors.accent}`,
      fontFamily: 'Inter',
      position: 'relative',
    },
    {
      type: 'img',
      props: {
        src: `data:image/svg+xml;base64,${Buffer.from(circle).toString('base64')}`,
        width: 520,
        height,
        style: { position: 'absolute', right: 0, top: 0 },
      },
    },
    box(
      { alignItems: 'center', gap: 24 },
      { type: 'img', props: { src: logo, width: 72, height: 72 } },
      box({ fontSize: 40, fontWeight: 600, color: colors.ink }, brand.name),
    ),
    box(
      { flexDirection: 'column', justifyContent: 'center', flexGrow: 1, gap: 24, maxWidth: 720 },
      box(
        { fontSize: headline.length > 30 ? 60 : 72, fontWeight: 600, lineHeight: 1.1, color: colors.ink },
        headline,
      ),
      box({ fontSize: 30, lineHeight: 1.4, color: colors.muted }, description),
    ),
    box({ fontSize: 28, fontWeight: 600, color: colors.accent }, new URL(brand.website).host),
  );
}

/** Every public page's image as a PNG. */
export async function drawSocialImages(): Promise<Map<PublicWebPagePath, Buffer>> {
  const look = readLook();
  const fonts = [
    { name: 'Inter', data: font(400), weight: 400 as const, style: 'normal' as const },
    { name: 'Inter', data: font(600), weight: 600 as const, style: 'normal' as const },
  ];
  const drawn = new Map<PublicWebPagePath, Buffer>();
  for (const page of PUBLIC_WEB_PAGE_PATHS) {
    // satori's types ask for a React element; the plain object is what one is at run time.
    const svg = await satori(card(page, look) as unknown as Parameters<typeof satori>[0], {
      ...SOCIAL_IMAGE_SIZE,
      fonts,
    });
    drawn.set(page, Buffer.from(new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng()));
  }
  return drawn;
}

/** Draws the images into a web build and names them in its SOCIAL_IMAGES_FILE. */
export async function writeSocialImages(distDir: string): Promise<SocialImages> {
  const drawn = await drawSocialImages();
  const dir = path.join(distDir, SOCIAL_IMAGES_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const images: Record<string, string> = {};
  for (const [page, png] of drawn) {
    const hash = createHash('sha256').update(png).digest('hex').slice(0, 10);
    const file = `${imageName(page)}.${hash}.png`;
    writeFileSync(path.join(dir, file), png);
    images[page] = `/${SOCIAL_IMAGES_DIR}/${file}`;
  }
  const manifest: SocialImages = { ...SOCIAL_IMAGE_SIZE, images };
  mkdirSync(path.dirname(path.join(distDir, SOCIAL_IMAGES_FILE)), { recursive: true });
  writeFileSync(path.join(distDir, SOCIAL_IMAGES_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
  const started = performance.now();
  const { images } = await writeSocialImages(distDir);
  console.log(
    `social images: ${Object.keys(images).length} in ${Math.round(performance.now() - started)} ms`,
  );
}
