import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';

export const APP_ICONS_PATH = '/api/app-icons/';

// In the bundle (dist/main.js) the build copies the icons next to it; from source they are in
// apps/server/assets/app-icons.
const iconDirectories = [
  new URL('./app-icons/', import.meta.url),
  new URL('../../../assets/app-icons/', import.meta.url),
].map((url) => fileURLToPath(url));

/**
 * The catalogue stores an icon's storage path ("app-icons/instagram.svg"); the browser gets the
 * address this server serves it at ("/api/app-icons/instagram.svg"). A full URL is kept as it is.
 */
export function iconUrl(iconPath: string): string {
  if (/^https?:\/\//.test(iconPath)) return iconPath;
  return `${APP_ICONS_PATH}${iconPath.replace(/^\/?app-icons\//, '')}`;
}

interface Icon {
  body: Buffer;
  etag: string;
}

function loadIcons(): Map<string, Icon> {
  const directory = iconDirectories.find((candidate) => existsSync(candidate));
  const icons = new Map<string, Icon>();
  if (!directory) return icons;
  for (const file of readdirSync(directory)) {
    if (!file.endsWith('.svg')) continue;
    const body = readFileSync(path.join(directory, file));
    icons.set(file, {
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`,
    });
  }
  return icons;
}

/**
 * Serves the supported apps' icons from memory (they are a few hundred bytes each). Browsers may
 * keep them a day and revalidate with the ETag after that; a name outside the set is a 404.
 */
export function registerAppIconRoutes(app: FastifyInstance): void {
  const icons = loadIcons();
  if (icons.size === 0)
    app.log.warn({ iconDirectories }, 'no app icons found; getSupportedApps icons will 404');
  app.get<{ Params: { file: string } }>(
    `${APP_ICONS_PATH}:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const icon = icons.get(request.params.file);
      if (!icon) throw notFound('That icon');
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('etag', icon.etag);
      if (request.headers['if-none-match'] === icon.etag) return reply.status(304).send();
      return reply.send(icon.body);
    },
  );
}
