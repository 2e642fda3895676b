import { describe, expect, it } from 'vitest';
import { FEEDBLOCKING_SITE_LABELS, FEEDBLOCKING_SITES } from './feedblocking';
import { PREMIUM_FEATURES } from './premium-features';

const text = PREMIUM_FEATURES.map(({ title, description }) => `${title} ${description}`).join('\n');

describe('PREMIUM_FEATURES', () => {
  it('lists each feature once, each with a title and a sentence', () => {
    expect(new Set(PREMIUM_FEATURES.map((feature) => feature.title)).size).toBe(PREMIUM_FEATURES.length);
    for (const { title, description } of PREMIUM_FEATURES) {
      expect(title.trim()).not.toBe('');
      expect(description).toMatch(/^\S.*[.!]$/);
    }
  });

  it('claims no limit the product does not have', () => {
    // Free accounts can intercept as many sites as they like: "unlimited" would promise a difference.
    expect(text).not.toMatch(/unlimited|no limits?|as many as/i);
  });

  it('uses no number but the count of feed-blocked sites, which it takes from the site list', () => {
    expect(text.match(/\d+/g)).toEqual([String(FEEDBLOCKING_SITES.length)]);
    for (const site of FEEDBLOCKING_SITES) expect(text).toContain(FEEDBLOCKING_SITE_LABELS[site]);
  });

  it('covers what Stillpoint does: the pause, budgets, feeds, phone use, web and extension, cancelling', () => {
    expect(text).toMatch(/breathe/);
    expect(text).toMatch(/quote/);
    expect(text).toMatch(/sessions each site gets a day/);
    expect(text).toMatch(/Feed blocking/);
    expect(text).toMatch(/phone/);
    expect(text).toMatch(/web app and the Chrome extension/);
    expect(text).toMatch(/Cancel anytime/);
  });
});
