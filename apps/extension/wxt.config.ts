import { brand } from '@stillpoint/core';
import { defineConfig } from 'wxt';
import { noDynamicCode } from './build/no-dynamic-code';
import {
  hostAccessManifest,
  MINIMUM_CHROME_VERSION,
  PER_SITE_TEST_OUT_DIR,
  parseHostAccessMode,
  STORE_OUT_DIR,
} from './build/store-build';
import { extensionConfig, parseAppEnv } from './src/config';

/**
 * Public half of the development signing key. Pinning it gives the unpacked development build a
 * fixed id (DEVELOPMENT_EXTENSION_ID in packages/core) that the web app's development config uses.
 * Production builds are signed by the Chrome Web Store, which assigns their id.
 */
const DEVELOPMENT_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA1Pyek6TSLfCAnMGO+JsLNUxrWzod31iIdDwu3qbe0PQN0QGY+3Jszm7hd3DlE0EO6KpSI5nqJLD797D5x3+HuCcqig+39qlPzkeVZ0EXMSWNfJ2Qa3SV9pO+/lTsvvPEgl70Fuqsc74V/kSwoKqHw3cEo6/qlN4gOJkD66uE60KKRoE+zKi7Lhx2wXSBF1lbVqrQm7KAU3oRH5lJTz/xnNUAekY+qKUTJodWB+J9/Tcgba8xXJkpbnVkCq4oUFLk/FFRUWvRexoHgmcbpErKtZpR3ahNvn3X0SF8NKxq0PHh3UaIaTOWN6vr4SO1NSQWM3JbVeZ4nsZ9DhFHOvW2JQIDAQAB';

const storeBuild = process.env.STILLPOINT_STORE_BUILD === '1';
/**
 * Which web app this build belongs to (packages/core environments): STILLPOINT_APP_ENV, else
 * production for store builds and development otherwise. It fixes the origins allowed to message
 * the extension and the default web app origin.
 */
const appEnv = parseAppEnv(process.env.STILLPOINT_APP_ENV || (storeBuild ? 'production' : 'development'));
const config = extensionConfig(appEnv);
/** The store build always asks for access site by site (decision 045); other builds choose. */
const hostAccess = storeBuild ? 'per-site' : parseHostAccessMode(process.env.STILLPOINT_HOST_ACCESS);

/** The extension's HTML pages name the product before any script runs; the name comes from core. */
const brandInHtml = {
  name: 'stillpoint-brand-in-html',
  transformIndexHtml: {
    order: 'pre' as const,
    handler: (html: string) => html.replaceAll('%BRAND_NAME%', brand.name),
  },
};

/**
 * Breathe's first screen carries its stylesheet inside its HTML: one file read fewer before it can
 * paint, which is all that page exists for (decision 035). Its script is not render-blocking: the
 * destination line it fills in may come a frame or two after the first paint, which a blocking
 * script would delay by about 20 ms here.
 */
const firstScreenStylesInline = {
  name: 'stillpoint-first-screen-styles-inline',
  apply: 'build' as const,
  transformIndexHtml: {
    order: 'post' as const,
    handler: (html: string, context: { filename: string; bundle?: Record<string, unknown> }) => {
      if (!context.filename.endsWith('breathe/index.html') || !context.bundle) return html;
      const bundle = context.bundle;
      return html.replace(/<link rel="stylesheet"[^>]*href="\/?([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const asset = bundle[file] as { type?: string; source?: unknown } | undefined;
        return asset?.type === 'asset' && typeof asset.source === 'string'
          ? `<style>${asset.source}</style>`
          : tag;
      });
    },
  },
};

export default defineConfig({
  // The store build has a folder of its own, so packaging never overwrites the development build
  // the e2e suite loads.
  // So does the per-site test build.
  ...(storeBuild
    ? { outDir: STORE_OUT_DIR }
    : hostAccess === 'per-site-test'
      ? { outDir: PER_SITE_TEST_OUT_DIR }
      : {}),
  zip: { artifactTemplate: 'stillpoint-{{version}}-{{browser}}.zip' },
  vite: () => ({
    define: { __STILLPOINT_APP_ENV__: JSON.stringify(appEnv) },
    plugins: [brandInHtml, firstScreenStylesInline, noDynamicCode],
  }),
  hooks: {
    // WXT copies the popup's <title> into the toolbar title before the HTML is transformed.
    'build:manifestGenerated': (_wxt, manifest) => {
      manifest.action = { ...manifest.action, default_title: brand.name };
    },
  },
  manifest: ({ mode }) => ({
    name: brand.name,
    description: 'A breathing pause before distracting sites, and feeds blocked on six big sites.',
    // Why this version: docs/extension.md, "Publishing".
    minimum_chrome_version: MINIMUM_CHROME_VERSION,
    // Redirect rules need access to the sites a person chooses, which can be any site: asked for
    // site by site in the store build (decision 045).
    ...hostAccessManifest(hostAccess, config.connectablePatterns),
    externally_connectable: { matches: config.connectablePatterns },
    // Redirect rules land on breathe's first screen (decision 035), which Chrome follows only to a
    // web-accessible page. use_dynamic_url: sites can reach it only through an id that changes
    // every browser session, so no site can probe for Stillpoint; the rules use the fixed id.
    web_accessible_resources: [
      { resources: ['breathe.html'], matches: ['<all_urls>'], use_dynamic_url: true },
    ],
    ...(mode === 'production' && storeBuild ? {} : { key: DEVELOPMENT_KEY }),
  }),
});
