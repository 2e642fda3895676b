import { describe, expect, it } from 'vitest';
import { breatheUrl, breatheUrlFromInterceptPage } from './breathe-url';

const allowLocal = (origin: string) => origin.startsWith('http://localhost');

describe('the intercept page', () => {
  it('forwards to the breathe page with returnUrl and siteId encoded', () => {
    const target = breatheUrlFromInterceptPage(
      { search: '?siteId=s-1&origin=http%3A%2F%2Flocalhost%3A3000', hash: '#https://x.com/home?a=1&b=2' },
      allowLocal,
    );
    expect(target).toBe(breatheUrl('http://localhost:3000', 'https://x.com/home?a=1&b=2', 's-1'));
    const url = new URL(target ?? '');
    expect(url.searchParams.get('returnUrl')).toBe('https://x.com/home?a=1&b=2');
  });

  it('refuses origins the build does not trust, non-web URLs and missing parts', () => {
    const page = (search: string, hash: string) => breatheUrlFromInterceptPage({ search, hash }, allowLocal);
    expect(page('?siteId=s&origin=https%3A%2F%2Fevil.example', '#https://x.com/')).toBeNull();
    expect(page('?siteId=s&origin=http%3A%2F%2Flocalhost%3A3000', '#javascript:alert(1)')).toBeNull();
    expect(page('?origin=http%3A%2F%2Flocalhost%3A3000', '#https://x.com/')).toBeNull();
    expect(page('', '')).toBeNull();
  });
});
