import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_GUARD } from '../src/http/first-screens';
import { createTestApp, type TestApp } from './support/app';

// A stand-in for `apps/web/dist` with the first screens the web build draws (decision 022).
const INDEX_HTML = [
  '<!doctype html><html lang="en"><head><title>Stillpoint</title>',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const FIRST_SCREENS = {
  '/quiz': {
    html: '<main><h1>Eliminate distractions and be present again</h1></main>',
    unlessStored: ['local:stillpoint.quizAnswers', 'session:"><script>alert(1)</script>'],
  },
};
const DESTINATION = 'first-screen-destination.invalid';
const breatheScreen = (destination: string) =>
  `<main><p>${destination ? `A moment before ${destination}` : 'A moment to breathe'}</p><p>breathe in</p></main>`;
const REFERRER = 'Firstscreenreferrer';
const referralScreen = (name: string) =>
  `<main><h1>${name ? `<span title="${name}">${name}</span> invited you` : 'You’ve Been Invited'}</h1></main>`;
Object.assign(FIRST_SCREENS, {
  '/signin': {
    html: '<main><h1>Sign in or create account</h1></main>',
    unlessStored: [],
    unlessQuery: ['error'],
  },
  '/referral-link': {
    html: referralScreen(''),
    unlessStored: [],
    unlessQuery: [],
    referrer: { html: referralScreen(REFERRER), placeholder: REFERRER },
  },
  '/breathe': {
    html: breatheScreen(''),
    unlessStored: ['!local:stillpoint.sessionToken'],
    unlessQuery: [],
    destination: { html: breatheScreen(DESTINATION), placeholder: DESTINATION },
    carriesOnBreathing: true,
  },
});
const PRELOADS = { '/quiz': { scripts: ['/assets/QuizPage-q1.js'], styles: [] } };

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');

describe('pages whose first screen is drawn at build time', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'stillpoint-web-'));
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dist, '.vite', 'prerendered.json'), JSON.stringify(FIRST_SCREENS));
    writeFileSync(path.join(dist, '.vite', 'route-preloads.json'), JSON.stringify(PRELOADS));
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the first screen inside the root, with the guard that drops it for visitors with stored keys', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/quiz' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(
      '<div id="root" data-unless-stored="local:stillpoint.quizAnswers"><div inert style="display:contents"><main><h1>Eliminate distractions',
    );
    // Only well-formed keys are written, so nothing from the file can break out of the attribute.
    expect(html).not.toContain('alert(1)');
    expect(inlineScripts(html)).toHaveLength(1);
    // Its own preloads are still there.
    expect(html).toContain('href="/assets/QuizPage-q1.js"');
  });

  it('says beside the inert drawing that the page is loading, and what to do if it never does', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/quiz' })).body;
    // In the root, after the drawing (outside what the app hydrates), so the guard drops it too.
    expect(html).toMatch(/<div inert[^>]*>[\s\S]*<\/div><p class="first-screen-notice" role="status"[^>]*>/);
    expect(html).toContain('Loading Stillpoint…');
    expect(html).toContain('taking longer than usual to load');
    expect(html).toContain('<noscript>');
    // Pages sent without a drawing have nothing to wait for.
    const plain = (await t.app.inject({ method: 'GET', url: '/signin?error=expired' })).body;
    expect(plain).not.toContain('first-screen-notice');
  });

  it("asks for the app's scripts at a low priority there, since the first screen paints without them", async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/quiz' })).body;
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc123.js">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/QuizPage-q1.js">',
    );
    expect(html).not.toMatch(/<(script type="module"|link rel="modulepreload") crossorigin/);
  });

  it('allows exactly that inline script in the Content-Security-Policy, and no other', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/quiz' });
    const [guard = ''] = inlineScripts(response.body);
    const hash = `'sha256-${createHash('sha256').update(guard).digest('base64')}'`;
    const policy = String(response.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    expect(policy.match(/script-src [^;]*/)?.[0]).not.toContain("'unsafe-inline'");
  });

  it('leaves every other page as built, scripts at their usual priority', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/gift' })).body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('fetchpriority');
    expect(inlineScripts(html)).toHaveLength(0);
  });

  it('sends the page without its first screen when the query has a parameter that changes it', async () => {
    const drawn = (await t.app.inject({ method: 'GET', url: '/signin?source=extension' })).body;
    expect(drawn).toContain('<div inert style="display:contents"><main><h1>Sign in or create account');
    const plain = await t.app.inject({ method: 'GET', url: '/signin?source=extension&error=expired' });
    expect(plain.body).toContain('<div id="root"></div>');
    expect(inlineScripts(plain.body)).toHaveLength(0);
    expect(String(plain.headers['content-security-policy'])).not.toContain('sha256-');
  });

  it('draws the referral landing naming who shared the link, read and shortened as core reads it, escaped', async () => {
    const unnamed = (await t.app.inject({ method: 'GET', url: '/referral-link?sharedByUserId=u1' })).body;
    expect(unnamed).toContain('<div inert style="display:contents"><main><h1>You’ve Been Invited');
    const named = await t.app.inject({
      method: 'GET',
      url: '/referral-link?sharedByUserId=u1&sharedByName=Sam',
    });
    expect(named.body).toContain('<span title="Sam">Sam</span> invited you');
    expect(named.body).not.toContain(REFERRER);
    expect(inlineScripts(named.body)).toHaveLength(1);
    // Anyone can write a name into a link: it stays text, in an attribute as in the heading.
    const hostile = `"><i onclick=x>&'`;
    const escaped = (
      await t.app.inject({ method: 'GET', url: `/referral-link?sharedByName=${encodeURIComponent(hostile)}` })
    ).body;
    expect(escaped).not.toContain('<i onclick');
    expect(escaped).toContain(
      '<span title="&quot;&gt;&lt;i onclick=x&gt;&amp;&#39;">&quot;&gt;&lt;i onclick=x&gt;&amp;&#39;</span>',
    );
    // A long name is shortened to its first word, as the page writes it (referrerDisplayName).
    const long = (
      await t.app.inject({
        method: 'GET',
        url: `/referral-link?sharedByName=${encodeURIComponent('Alexandra Montgomery-Smythe')}`,
      })
    ).body;
    expect(long).toContain('<span title="Alexandra">Alexandra</span> invited you');
    // A name that is only blanks names no one: the page's own first screen.
    const blank = (await t.app.inject({ method: 'GET', url: '/referral-link?sharedByName=%20%20' })).body;
    expect(blank).toContain('<main><h1>You’ve Been Invited');
  });

  it('draws breathe for a signed-in person only, naming the destination read from the query as core reads it', async () => {
    const bare = (await t.app.inject({ method: 'GET', url: '/breathe' })).body;
    expect(bare).toContain('data-unless-stored="!local:stillpoint.sessionToken"');
    expect(bare).toContain('A moment to breathe');
    // The address comes whole after returnUrl=, its own query and all (core's readBreatheQuery).
    const url = '/breathe?siteId=s1&returnUrl=https://www.youtube.com/watch?v=1&t=2';
    const named = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(named.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(named.rawPayload).toString('utf8')).toContain(
      'A moment before www.youtube.com',
    );
    expect(String(named.headers.vary)).toMatch(/accept-encoding/);
    expect(named.headers['cache-control']).toBe('no-cache');
    // A return address that is not one: the screen without a destination, as the app draws it.
    expect(
      (await t.app.inject({ method: 'GET', url: '/breathe?returnUrl=javascript:alert(1)' })).body,
    ).toContain('A moment to breathe');
    // The host is written as text.
    const odd = (await t.app.inject({ method: 'GET', url: '/breathe?returnUrl=http://a%3Cb/' })).body;
    expect(odd).toContain('A moment before a%3cb</p>');
  });

  const breathe = async (breathingSince: number | null) => {
    const since = breathingSince === null ? '' : `&breathingSince=${breathingSince}`;
    const url = `/breathe?siteId=s1${since}&returnUrl=https://www.youtube.com/watch?v=1&t=2`;
    return (await t.app.inject({ method: 'GET', url })).body;
  };
  const carriedOn = (body: string) =>
    /<style>\.breathe-circle\{--already-breathing-ms:(\d+)ms\}<\/style>/.exec(body)?.[1];

  it('draws the circle as far along as the pause already is, beside the drawing', async () => {
    const asked = Date.now();
    const body = await breathe(asked - 1500);
    const alreadyMs = Number(carriedOn(body));
    expect(alreadyMs).toBeGreaterThanOrEqual(1500);
    expect(alreadyMs).toBeLessThanOrEqual(Date.now() - asked + 1500);
    // In the root, so the guard drops it with the drawing, but before what the app hydrates; and
    // the destination is still named.
    expect(body).toMatch(/<div id="root"[^>]*><style>[^<]*<\/style><div inert[^>]*>/);
    expect(body).toContain('A moment before www.youtube.com');
  });

  it('draws it from the start for a pause that begins now, or a breathingSince it does not believe', async () => {
    for (const breathingSince of [null, Date.now() - 6000, Date.now() + 60_000]) {
      const body = await breathe(breathingSince);
      expect(carriedOn(body)).toBeUndefined();
      expect(body).not.toContain('--already-breathing-ms');
      expect(body).toContain('A moment before www.youtube.com');
    }
  });
});

describe('the first screen guard', () => {
  const guard = (root: { unless: string }, stored: Record<string, string>) => {
    const children = { textContent: 'drawn' };
    const storage = { getItem: (key: string) => stored[key] ?? null };
    new Function('document', 'localStorage', 'sessionStorage', FIRST_SCREEN_GUARD)(
      {
        getElementById: () => ({
          getAttribute: () => root.unless,
          set textContent(v: string) {
            children.textContent = v;
          },
        }),
      },
      storage,
      storage,
    );
    return children.textContent;
  };

  it('drops the drawing when a listed key is stored, or when a key marked ! is not', () => {
    expect(guard({ unless: 'local:a session:b' }, {})).toBe('drawn');
    expect(guard({ unless: 'local:a session:b' }, { b: '1' })).toBe('');
    expect(guard({ unless: '!local:token' }, { token: 't' })).toBe('drawn');
    expect(guard({ unless: '!local:token' }, {})).toBe('');
  });
});
