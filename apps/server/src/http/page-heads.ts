import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brand, type PublicWebPagePath, type SharedPageHead } from '@stillpoint/core';

/**
 * Written by the web build (`apps/web/scripts/social-images.ts`): each public page's social image,
 * by page path, as an address on the site, and the images' size.
 */
const SOCIAL_IMAGES_FILE = path.join('.vite', 'social-images.json');

export interface SocialImages {
  width: number;
  height: number;
  images: Partial<Record<PublicWebPagePath, string>>;
}

/** Only the build's own images go into a head. */
const isSocialImageUrl = (url: unknown): url is string =>
  typeof url === 'string' && /^\/social\/[\w.-]+\.png$/.test(url);

/** The build's social images, or none when the build drew none. */
export function readSocialImages(webDistDir: string): SocialImages | null {
  try {
    const read = JSON.parse(readFileSync(path.join(webDistDir, SOCIAL_IMAGES_FILE), 'utf8')) as SocialImages;
    return Number.isInteger(read.width) && Number.isInteger(read.height) && read.images ? read : null;
  } catch {
    return null;
  }
}

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attribute = (value: string) => text(value).replace(/"/g, '&quot;');

/**
 * The tags a public page's head carries for search results and link previews: its description,
 * its canonical address (on the public origin, without the query, so nothing a link carries is
 * repeated), and the Open Graph and Twitter card tags with its social image.
 */
export function pageHeadTags(head: SharedPageHead, origin: string, social: SocialImages | null): string[] {
  const url = `${origin}${head.page}`;
  const imagePath = social?.images[head.page];
  const image = isSocialImageUrl(imagePath) ? `${origin}${imagePath}` : null;
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${attribute(String(content))}">`;
  return [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${attribute(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', brand.name),
    meta('property', 'og:title', head.shareTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(image && social
      ? [
          meta('property', 'og:image', image),
          meta('property', 'og:image:type', 'image/png'),
          meta('property', 'og:image:width', social.width),
          meta('property', 'og:image:height', social.height),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.shareTitle),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ];
}

/**
 * index.html with `head` in place of its own: the page's title, and the tags in place of the
 * generic description. `tags` are whole tags, made by pageHeadTags.
 */
export function withPageHead(html: string, title: string, tags: string[]): string {
  const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${text(title)}</title>`);
  const withoutDescription = titled.replace(/\s*<meta name="description"[^>]*>/, '');
  const block = tags.join('\n    ');
  return withoutDescription.includes('</title>')
    ? withoutDescription.replace('</title>', `</title>\n    ${block}`)
    : withoutDescription.replace('</head>', `${block}\n  </head>`);
}
