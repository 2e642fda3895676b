import { createHash, createPublicKey, type JsonWebKey, randomBytes, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityProviders } from '../src/auth/identity-providers';
import {
  type DevIdp,
  devIdpClientId,
  devIdpClientSecret,
  devIdpRedirectUri,
  devIdps,
} from '../src/auth/identity-providers/stand-in-clients';
import { type Config, loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './support/app';
import { freePort } from './support/free-port';

// The development identity provider over real HTTP: Better Auth fetches discovery, JWKS and the
// token endpoint from the server's own public URL, so the app listens on a real port here.

/** Just enough of a browser: it keeps cookies and follows redirects one at a time. */
class CookieBrowser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const raw of response.headers.getSetCookie()) this.#store(raw);
    return response;
  }

  /** GETs `url` and follows redirects while `keepGoing(next)` holds; returns the last response. */
  async follow(url: string, keepGoing: (next: URL) => boolean = () => true) {
    let current = url;
    for (let hop = 0; hop < 15; hop++) {
      const response = await this.fetch(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
      const next = new URL(location, current);
      if (!keepGoing(next)) return { response, url: current };
      current = next.href;
    }
    throw new Error(`too many redirects from ${url}`);
  }

  #store(raw: string): void {
    const [pair = '', ...attributes] = raw.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', val = ''] = attribute.split('=');
      const k = key.trim().toLowerCase();
      return (k === 'max-age' && Number(val) <= 0) || (k === 'expires' && Date.parse(val) < Date.now());
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The forms on the identity page: the approve ones and the cancel one. */
function formsOf(html: string) {
  const actions = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) =>
    unescapeHtml(m[1] ?? ''),
  );
  const approve = actions.find((action) => !action.endsWith('/abort'));
  const cancel = actions.find((action) => action.endsWith('/abort'));
  if (!approve || !cancel) throw new Error(`no sign-in forms on the page:\n${html}`);
  return { approve, cancel };
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const pkcePair = () => {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
};

function devIdp(name: DevIdp['name']): DevIdp {
  const idp = devIdps.find((candidate) => candidate.name === name);
  if (!idp) throw new Error(`no development provider for ${name}`);
  return idp;
}
const google = devIdp('google');
const apple = devIdp('apple');

describe('the development identity provider', () => {
  let t: TestApp;
  let base: string;
  let config: Config;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    config = { ...loadConfig({ APP_ENV: 'test' }), webDistDir: null, publicUrl: base, port };
    t = await createTestApp(config);
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // The sign-in flows call the server over real keep-alive connections; one still open must
    // not hold the close up (Fastify waits only for idle ones to end).
    t.app.server.closeAllConnections();
    await t.close();
  });

  const issuer = (name: string) => `${base}/api/dev-idp/${name}`;

  /** Starts sign-in the way the web app's redirect mode does and stops on the identity page. */
  async function startSignIn(browser: CookieBrowser, providerId: string) {
    const start = await browser.fetch(`${base}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ provider: providerId, callbackURL: '/signed-in', errorCallbackURL: '/signin' }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const page = await browser.follow(url);
    expect(page.response.status).toBe(200);
    return { authorizeUrl: new URL(url), html: await page.response.text() };
  }

  /** Posts a form on the identity page and follows the redirects back to the app. */
  async function submit(browser: CookieBrowser, action: string, fields: Record<string, string>) {
    const posted = await browser.fetch(new URL(action, base).href, form(fields));
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location') ?? '';
    const done = await browser.follow(new URL(location, base).href, (next) =>
      next.pathname.startsWith('/api/'),
    );
    return new URL(done.response.headers.get('location') ?? '', base);
  }

  /** The whole redirect-mode sign-in; returns the bearer token the web app would store. */
  async function signIn(providerId: string, identity: { name: string; email: string }) {
    const browser = new CookieBrowser();
    const { html } = await startSignIn(browser, providerId);
    const landed = await submit(browser, formsOf(html).approve, identity);
    expect(landed.pathname).toBe('/signed-in');
    // The first get-session after the redirect hands the cookie session over as a bearer token.
    const session = await browser.fetch(`${base}/api/auth/get-session`);
    expect(session.status).toBe(200);
    const token = session.headers.get('set-auth-token');
    if (!token) throw new Error('get-session did not hand over the session token');
    // The same token get-session's body already shows the page; the header adds no exposure.
    expect(((await session.json()) as { session: { token: string } }).session.token).toBe(token);
    return token;
  }

  async function getUser(token: string) {
    const res = await fetch(`${base}/api/getUser`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { uid: string; email: string | null } }).data;
  }

  it('publishes an OpenID Connect discovery document for each stand-in', async () => {
    for (const name of ['google', 'apple']) {
      const res = await fetch(`${issuer(name)}/.well-known/openid-configuration`);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as Record<string, unknown>;
      expect(doc).toMatchObject({
        issuer: issuer(name),
        authorization_endpoint: `${issuer(name)}/auth`,
        token_endpoint: `${issuer(name)}/token`,
        jwks_uri: `${issuer(name)}/jwks`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
  });

  it('publishes only the public half of its signing key', async () => {
    const { keys } = (await (await fetch(`${issuer('google')}/jwks`)).json()) as {
      keys: Record<string, string>[];
    };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  describe('authorization endpoint', () => {
    const authorize = (params: Record<string, string>) =>
      fetch(`${issuer('google')}/auth?${new URLSearchParams(params)}`, { redirect: 'manual' });
    const valid = () => ({
      client_id: devIdpClientId(google),
      redirect_uri: devIdpRedirectUri(config, google),
      response_type: 'code',
      scope: 'openid email profile',
      state: 'state-1',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });

    it('shows the identity page for a complete request', async () => {
      const res = await authorize(valid());
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/\/api\/dev-idp\/google\/interaction\//);
    });

    it('requires PKCE', async () => {
      const { code_challenge: _, code_challenge_method: __, ...withoutPkce } = valid();
      const res = await authorize(withoutPkce);
      const location = new URL(res.headers.get('location') ?? '', base);
      expect(location.href.startsWith(devIdpRedirectUri(config, google))).toBe(true);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
    });

    it('refuses the plain PKCE method', async () => {
      const res = await authorize({ ...valid(), code_challenge_method: 'plain' });
      expect(new URL(res.headers.get('location') ?? '', base).searchParams.get('error')).toBe(
        'invalid_request',
      );
    });

    it('never redirects to an unregistered redirect URI, and says why on a page', async () => {
      const res = await authorize({ ...valid(), redirect_uri: 'https://attacker.example/callback' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      const html = await res.text();
      expect(html).toContain('redirect_uri did not match');
      expect(html).toContain('Stillpoint development sign-in — Google (test identity)');
    });

    it('refuses an unknown client', async () => {
      const res = await authorize({ ...valid(), client_id: 'someone-else' });
      expect(res.status).toBe(400);
    });
  });

  describe('a client running the code flow itself', () => {
    async function codeFor(pkce: { challenge: string }, email = 'ada@example.com') {
      const browser = new CookieBrowser();
      const params = new URLSearchParams({
        client_id: devIdpClientId(google),
        redirect_uri: devIdpRedirectUri(config, google),
        response_type: 'code',
        scope: 'openid email profile',
        state: 'xyz',
        nonce: 'n-1',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      });
      const page = await browser.follow(`${issuer('google')}/auth?${params}`);
      const html = await page.response.text();
      const posted = await browser.fetch(
        new URL(formsOf(html).approve, base).href,
        form({ name: 'Ada', email }),
      );
      const back = await browser.follow(new URL(posted.headers.get('location') ?? '', base).href, (next) =>
        next.pathname.startsWith('/api/dev-idp/'),
      );
      const callback = new URL(back.response.headers.get('location') ?? '', base);
      expect(callback.searchParams.get('state')).toBe('xyz');
      expect(callback.searchParams.get('iss')).toBe(issuer('google'));
      const code = callback.searchParams.get('code');
      if (!code) throw new Error(`no code in ${callback}`);
      return code;
    }

    const exchange = (code: string, verifier: string) =>
      fetch(`${issuer('google')}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: devIdpRedirectUri(config, google),
          client_id: devIdpClientId(google),
          client_secret: devIdpClientSecret(config, google),
        }).toString(),
      });

    it('refuses a wrong code_verifier', async () => {
      const pkce = pkcePair();
      const code = await codeFor(pkce);
      const res = await exchange(code, pkcePair().verifier);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('issues a signed id_token with sub, email, email_verified and name, once per code', async () => {
      const pkce = pkcePair();
      const code = await codeFor(pkce, 'Ada@Example.com');
      const res = await exchange(code, pkce.verifier);
      expect(res.status).toBe(200);
      const { id_token: idToken } = (await res.json()) as { id_token: string };
      const [header = '', payload = '', signature = ''] = idToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      expect(claims).toMatchObject({
        iss: issuer('google'),
        aud: devIdpClientId(google),
        nonce: 'n-1',
        email: 'ada@example.com',
        email_verified: true,
        name: 'Ada',
      });
      expect(claims.sub).toMatch(/^[0-9a-f]{32}$/);

      const { keys } = (await (await fetch(`${issuer('google')}/jwks`)).json()) as { keys: JsonWebKey[] };
      const [jwk] = keys;
      if (!jwk) throw new Error('no signing key published');
      const key = createPublicKey({ key: jwk, format: 'jwk' });
      expect(
        verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')),
      ).toBe(true);

      const again = await exchange(code, pkce.verifier);
      expect(again.status).toBe(400);
    });

    it('refuses a wrong client secret', async () => {
      const pkce = pkcePair();
      const code = await codeFor(pkce);
      const res = await fetch(`${issuer('google')}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: pkce.verifier,
          redirect_uri: devIdpRedirectUri(config, google),
          client_id: devIdpClientId(google),
          client_secret: 'not-the-secret',
        }).toString(),
      });
      expect(res.status).toBe(401);
    });
  });

  describe('the identity page', () => {
    it('is labelled as the development stand-in and offers preset identities and a form', async () => {
      const { html } = await startSignIn(new CookieBrowser(), apple.providerId);
      expect(html).toContain('<title>Stillpoint development sign-in — Apple (test identity)</title>');
      expect(html).toContain('Continue as <strong>Ada Lovelace</strong>');
      expect(html).toContain('<label for="email">E-mail</label>');
      expect(html).toContain('<label for="name">Name</label>');
      expect(html).not.toContain('<script');
    });

    it('asks again, keeping what was typed, when the e-mail is not valid', async () => {
      const browser = new CookieBrowser();
      const { html } = await startSignIn(browser, google.providerId);
      const res = await browser.fetch(
        new URL(formsOf(html).approve, base).href,
        form({ name: 'Grace <b>', email: 'not-an-email' }),
      );
      expect(res.status).toBe(400);
      const page = await res.text();
      expect(page).toContain('Enter an e-mail address like name@example.com.');
      expect(page).toContain('aria-invalid="true"');
      expect(page).toContain('value="Grace &#60;b&#62;"');
      expect(page).toContain('value="not-an-email"');
    });

    it('answers an unknown or finished interaction with a readable page, not a sign-in', async () => {
      const browser = new CookieBrowser();
      const { html } = await startSignIn(browser, google.providerId);
      const { approve } = formsOf(html);
      const stranger = await fetch(new URL(approve, base).href, form({ email: 'ada@example.com' }));
      expect(stranger.status).toBe(400);
      expect(await stranger.text()).toContain('This sign-in request has expired or was already finished.');

      await submit(browser, approve, { name: 'Ada', email: 'ada@example.com' });
      const replay = await browser.fetch(new URL(approve, base).href, form({ email: 'eve@example.com' }));
      expect(replay.status).toBe(400);
    });
  });

  describe('signing in to Stillpoint through it', () => {
    it('signs in with Google, and the same e-mail is the same account next time', async () => {
      const first = await getUser(
        await signIn(google.providerId, { name: 'Ada', email: 'ada.g@example.com' }),
      );
      expect(first.email).toBe('ada.g@example.com');
      const second = await getUser(
        await signIn(google.providerId, { name: 'Ada', email: 'ADA.G@example.com' }),
      );
      expect(second.uid).toBe(first.uid);
      const other = await getUser(await signIn(google.providerId, { name: 'Bo', email: 'bo@example.com' }));
      expect(other.uid).not.toBe(first.uid);
    });

    it('links Google and Apple sign-ins that share a verified e-mail to one account', async () => {
      const viaGoogle = await getUser(
        await signIn(google.providerId, { name: 'Lin', email: 'lin@example.com' }),
      );
      const viaApple = await getUser(
        await signIn(apple.providerId, { name: 'Lin', email: 'lin@example.com' }),
      );
      expect(viaApple.uid).toBe(viaGoogle.uid);
    });

    it('signs in with Apple', async () => {
      const user = await getUser(
        await signIn(apple.providerId, { name: 'Grace', email: 'grace.a@example.com' }),
      );
      expect(user.email).toBe('grace.a@example.com');
    });

    it('goes back to the app with an error, and no session, when the person cancels', async () => {
      const browser = new CookieBrowser();
      const { html } = await startSignIn(browser, google.providerId);
      const landed = await submit(browser, formsOf(html).cancel, {});
      expect(landed.pathname).toBe('/signin');
      expect(landed.searchParams.get('error')).toBe('access_denied');
      const session = await browser.fetch(`${base}/api/auth/get-session`);
      expect(await session.json()).toBeNull();
      expect(session.headers.get('set-auth-token')).toBeNull();
    });

    it('refuses a callback whose state was not issued to this browser', async () => {
      const victim = new CookieBrowser();
      const { html } = await startSignIn(victim, google.providerId);
      const posted = await victim.fetch(
        new URL(formsOf(html).approve, base).href,
        form({ email: 'ada@example.com' }),
      );
      const back = await victim.follow(new URL(posted.headers.get('location') ?? '', base).href, (next) =>
        next.pathname.startsWith('/api/dev-idp/'),
      );
      const callback = back.response.headers.get('location') ?? '';
      // Someone else's browser (no state cookie) arriving with that code does not get a session.
      const attacker = new CookieBrowser();
      const landed = await attacker.follow(callback, (next) => next.pathname.startsWith('/api/'));
      const error = new URL(landed.response.headers.get('location') ?? '', base).searchParams.get('error');
      expect(error).toBeTruthy();
      expect(attacker.cookies.has('better-auth.session_token')).toBe(false);
    });

    it('hands the popup its session token through the completion page', async () => {
      const browser = new CookieBrowser();
      const start = `${base}/api/auth/oauth-popup/start?${new URLSearchParams({
        provider: apple.providerId,
        popupOrigin: base,
        popupNonce: 'nonce-123',
        callbackURL: '/',
      })}`;
      const page = await browser.follow(start);
      const html = await page.response.text();
      const posted = await browser.fetch(
        new URL(formsOf(html).approve, base).href,
        form({ name: 'Alan', email: 'alan.p@example.com' }),
      );
      const done = await browser.follow(new URL(posted.headers.get('location') ?? '', base).href);
      const completion = await done.response.text();
      expect(completion).toContain('"type":"better-auth:oauth-popup"');
      expect(completion).toContain('"nonce":"nonce-123"');
      const token = /"token":"([^"]+)"/.exec(completion)?.[1];
      if (!token) throw new Error(`no token in the completion page:\n${completion}`);
      expect((await getUser(token)).email).toBe('alan.p@example.com');
    });

    it('does not hand a token to get-session calls that already carry it', async () => {
      const token = await signIn(google.providerId, { name: 'Ada', email: 'ada@example.com' });
      const res = await fetch(`${base}/api/auth/get-session`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-auth-token')).toBeNull();
    });
  });
});

describe('which providers Better Auth gets', () => {
  const config = loadConfig({ APP_ENV: 'test' });

  const withAuth = (auth: Partial<Config['auth']>): Config => ({
    ...config,
    auth: { ...config.auth, ...auth },
  });
  const pluginIds = (c: Config) => identityProviders(c).plugins.map((plugin) => plugin.id);

  it('uses the development stand-ins when no client ids are set', () => {
    const providers = identityProviders(config);
    expect(providers.info).toEqual({
      google: { kind: 'oauth2', id: 'dev-google' },
      apple: { kind: 'oauth2', id: 'dev-apple' },
    });
    expect(providers.socialProviders).toEqual({});
    expect(pluginIds(config)).toContain('generic-oauth');
  });

  it('uses the real provider for whichever has a client id', () => {
    const mixed = withAuth({ google: { clientId: 'g-id', clientSecret: 'g-secret' } });
    const providers = identityProviders(mixed);
    expect(providers.info).toEqual({
      google: { kind: 'social', id: 'google' },
      apple: { kind: 'oauth2', id: 'dev-apple' },
    });
    expect(providers.socialProviders).toMatchObject({
      google: { clientId: 'g-id', clientSecret: 'g-secret' },
    });
  });

  it('has no stand-in at all when the development provider is off (production)', () => {
    const production = withAuth({
      devIdentityProvider: false,
      google: { clientId: 'g-id', clientSecret: 'g-secret' },
      apple: { clientId: 'a-id', clientSecret: 'a-secret' },
    });
    expect(pluginIds(production)).not.toContain('generic-oauth');
    expect(identityProviders(production).info).toEqual({
      google: { kind: 'social', id: 'google' },
      apple: { kind: 'social', id: 'apple' },
    });
    expect(pluginIds(withAuth({ devIdentityProvider: false }))).not.toContain('generic-oauth');
  });
});

describe('a production server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ appEnv: 'production', isProduction: true });
  });
  afterAll(() => t.close());

  it('serves no development identity provider, even if asked to', async () => {
    for (const path of ['/api/dev-idp/google/.well-known/openid-configuration', '/api/dev-idp/apple/auth']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(404);
    }
  });
});
