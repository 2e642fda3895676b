import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { escapeHtml } from '@stillpoint/core';
import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRAWN_SIGN_IN_PANEL } from '../../features/auth/sign-in-methods';
import { GIVE_THE_GIFT } from '../../features/gift/gift-copy';
import { drawnFirstScreenWith } from '../../lib/first-screen';
import { preloadRoutes } from '../../test/preload-routes';
import { App } from '../app';
import { documentLoad } from '../payment-page-load';
import { whenRouterReady } from '../router-ready';
import { routes } from '../routes';
import { PRERENDERED_PAGES } from './pages';

interface Drawn {
  html: string;
  title?: string;
  unlessStored: string[];
  destination?: { html: string; placeholder: string };
  referrer?: { html: string; placeholder: string };
}

const pages = Object.keys(PRERENDERED_PAGES);
const scratch = mkdtempSync(path.join(tmpdir(), 'first-screens-'));
let drawn: Record<string, Drawn> = {};

// Drawn as the build draws them: by the prerender script, in plain Node, in a process of its own
// (React's server and client renderers in one process would share the app's contexts).
beforeAll(async () => {
  const file = path.join(scratch, 'prerendered.json');
  execFileSync(process.execPath, [path.resolve(__dirname, '../../../scripts/prerender.mjs'), file], {
    stdio: 'pipe',
  });
  drawn = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Drawn>;
  await preloadRoutes(...pages);
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// act() below waits for React's work; React asks to be told it runs where act is used.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  delete actEnvironment.IS_REACT_ACT_ENVIRONMENT;
});
afterEach(() => {
  vi.restoreAllMocks();
  drawnFirstScreenWith([]);
});

/**
 * Takes a drawing over as main.tsx does: the keys a visitor who gets it has stored (`!local:key`),
 * then the app hydrated in place in StrictMode. Every recoverable error and console error counts.
 */
async function takeOver(url: string, html: string, unlessStored: readonly string[], title?: string) {
  // The server puts the page's title in the head.
  document.title = title ?? 'Stillpoint';
  for (const key of unlessStored.filter((stored) => stored.startsWith('!local:')))
    localStorage.setItem(key.slice('!local:'.length), 'a-stored-token');
  documentLoad.path = () => new URL(url, 'http://localhost').pathname;
  drawnFirstScreenWith(unlessStored);
  const drawing = document.createElement('div');
  drawing.innerHTML = html;
  document.body.append(drawing);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  await whenRouterReady(router);
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  let onShown: () => void = () => undefined;
  const shown = new Promise<void>((resolve) => {
    onShown = resolve;
  });
  let root: ReturnType<typeof hydrateRoot> | undefined;
  // act() returns once React has done all the work there is: the hydration, its effects, and any
  // part that suspended on code already loaded (the sign-in panel, preloaded as main.tsx does).
  await act(async () => {
    root = hydrateRoot(
      drawing,
      <StrictMode>
        <App router={router} onShown={onShown} />
      </StrictMode>,
      { onRecoverableError: (error) => void errors.push(error) },
    );
  });
  await shown;
  return {
    errors,
    stop() {
      act(() => root?.unmount());
      router.dispose();
      drawing.remove();
    },
  };
}

describe('first screens drawn at build time', () => {
  it.each(pages)('the app takes over %s without a mismatch', async (page) => {
    const { html, unlessStored, title } = drawn[page] ?? { html: '', unlessStored: [] };
    expect(html).not.toBe('');
    const { errors, stop } = await takeOver(page, html, unlessStored, title);
    stop();
    expect(errors).toEqual([]);
  });

  it('the app takes over the breathe page drawn for the destination the server names', async () => {
    const { destination, unlessStored } = drawn['/breathe'] ?? { unlessStored: [] };
    if (!destination) throw new Error('the breathe page is drawn for a destination');
    const html = destination.html.split(destination.placeholder).join('example.com');
    const { errors, stop } = await takeOver('/breathe?returnUrl=https://example.com/', html, unlessStored);
    stop();
    expect(errors).toEqual([]);
  });

  it('the app takes over the referral landing drawn for the name the server writes, escaped', async () => {
    const { referrer, unlessStored } = drawn['/referral-link'] ?? { unlessStored: [] };
    if (!referrer) throw new Error('the referral landing is drawn for a name');
    const name = `Sam "& Lee's" <b>`;
    // As the server writes it (apps/server first-screens.ts).
    const html = referrer.html.split(referrer.placeholder).join(escapeHtml(name));
    const url = `/referral-link?sharedByName=${encodeURIComponent(name)}`;
    const { errors, stop } = await takeOver(url, html, unlessStored);
    const heading = document.querySelector('h1')?.textContent;
    stop();
    expect(errors).toEqual([]);
    expect(heading).toBe(`${name} invited you to Stillpoint`);
  });

  it('fails on a drawing whose sign-in panel, code loaded apart from the page, is not what the app renders', async () => {
    const template = document.createElement('template');
    template.innerHTML = drawn['/signin']?.html ?? '';
    const panel = template.content.querySelector(DRAWN_SIGN_IN_PANEL);
    const label = panel?.querySelector('button, label');
    if (!label?.textContent) throw new Error('/signin is drawn with the sign-in panel');
    label.textContent = `${label.textContent} (changed)`;
    const { errors, stop } = await takeOver(
      '/signin',
      template.innerHTML,
      drawn['/signin']?.unlessStored ?? [],
    );
    stop();
    expect(errors).not.toEqual([]);
  });

  it('fails on a drawing that is not what the app renders', async () => {
    const drawing = drawn['/gift']?.html ?? '';
    const html = drawing.replace(GIVE_THE_GIFT, 'Give a gift');
    // The drawing must really differ, or this test would pass on the unchanged page.
    expect(html).not.toBe(drawing);
    const { errors, stop } = await takeOver('/gift', html, []);
    stop();
    expect(errors).not.toEqual([]);
  });
});
