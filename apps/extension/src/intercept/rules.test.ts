import { readBreatheQuery } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { site } from '../../test-support/data';
import { createFakeDnr } from '../../test-support/fake-chrome';
import { assignRuleIds, interceptRules, MAX_INTERCEPT_SITES, planRuleUpdate, type RuleInputs } from './rules';

const webAppOrigin = 'https://stillpoint.app';
const firstScreenUrl = 'chrome-extension://stillpointid/breathe.html';

/** Every site has host access unless a test says otherwise. */
const inputs = (overrides: Partial<RuleInputs>): RuleInputs => ({
  sites: [],
  running: new Set(),
  granted: new Set((overrides.sites ?? []).map((each) => each.id)),
  ruleIds: {},
  webAppOrigin,
  firstScreenUrl,
  ...overrides,
});

/** Installs the rules in the fake Chrome and follows a navigation: where the tab lands. */
async function navigate(rules: ReturnType<typeof interceptRules>['rules'], url: string): Promise<string> {
  const dnr = createFakeDnr();
  await dnr.updateDynamicRules({ addRules: rules });
  // A browser parses the substituted URL; what the breathe page then reads is what counts.
  // Chrome matches the canonical URL ('https://youtube.com' with its '/').
  const requested = new URL(url).href;
  return new URL(dnr.redirectFor(requested) ?? requested).href;
}

const breatheQueryOf = (address: string) => readBreatheQuery(new URL(address));

describe('intercept rule generation', () => {
  it('writes a rule only for sites with host access on this browser (decision 045)', () => {
    const granted = site('https://www.youtube.com');
    const ungranted = site('https://reddit.com');
    const { rules, interceptedSiteIds, ruleIds } = interceptRules(
      inputs({ sites: [granted, ungranted], granted: new Set([granted.id]) }),
    );
    expect(interceptedSiteIds).toEqual([granted.id]);
    expect(rules.map((rule) => rule.id)).toEqual([ruleIds[granted.id]]);
    // The ungranted site keeps its id for the rule it gets once access is granted.
    expect(ruleIds[ungranted.id]).toBeDefined();
  });

  it('intercepts each active site without a running session, and no other', () => {
    const youtube = site('https://www.youtube.com');
    const reddit = site('https://reddit.com');
    const paused = site('https://news.example', { active: false });
    const { rules, interceptedSiteIds } = interceptRules(
      inputs({ sites: [youtube, reddit, paused], running: new Set([reddit.id]) }),
    );
    expect(interceptedSiteIds).toEqual([youtube.id]);
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(rule.condition).toMatchObject({
        requestDomains: ['youtube.com'],
        resourceTypes: ['main_frame'],
      });
    }
  });

  it("sends every address straight to breathe's first screen, the URL last and as it is", async () => {
    const youtube = site('https://www.youtube.com');
    const { rules } = interceptRules(inputs({ sites: [youtube] }));
    expect(rules).toHaveLength(1);
    const dnr = createFakeDnr();
    await dnr.updateDynamicRules({ addRules: rules });
    for (const url of [
      'https://www.youtube.com/watch?v=abc',
      'https://www.youtube.com/results?search_query=a+b',
      'https://www.youtube.com/watch?v=abc&t=10',
      'https://www.youtube.com/@name/%F0%9F%98%80',
    ]) {
      expect(dnr.redirectFor(url)).toBe(`${firstScreenUrl}?siteId=${youtube.id}&returnUrl=${url}`);
      expect(breatheQueryOf(await navigate(rules, url))).toEqual({
        siteId: youtube.id,
        returnUrl: url,
        breathingSince: null,
      });
    }
  });

  it("sends any page of the site, subdomains included, to breathe's first screen with the URL intact", async () => {
    const youtube = site('https://www.youtube.com');
    const { rules } = interceptRules(inputs({ sites: [youtube] }));
    for (const url of [
      'https://m.youtube.com/watch?v=abc&t=1m30s&list=a+b',
      'http://youtube.com/',
      'https://youtube.com',
      'https://www.youtube.com/watch?v=a=b;c',
      'https://youtube.com:8443/feed?q=%26',
      'http://youtube.com./',
    ]) {
      const landed = await navigate(rules, url);
      expect(landed.startsWith(`${firstScreenUrl}?`)).toBe(true);
      expect(breatheQueryOf(landed)).toEqual({
        siteId: youtube.id,
        returnUrl: new URL(url).href,
        breathingSince: null,
      });
    }
  });

  it('leaves other sites, lookalikes and other ports alone', async () => {
    const { rules } = interceptRules(
      inputs({ sites: [site('https://youtube.com'), site('http://localhost:8080')] }),
    );
    for (const url of [
      'https://notyoutube.com/',
      'https://youtube.com.evil.example/',
      'https://example.com/?u=https://youtube.com/',
      'http://localhost:3000/',
    ]) {
      expect(await navigate(rules, url)).toBe(url);
    }
    expect(await navigate(rules, 'http://localhost:8080/x')).toContain('/breathe.html?');
  });

  it('intercepts two ports of one host as two sites', async () => {
    const on8080 = site('https://localhost:8080');
    const on9090 = site('http://localhost:9090');
    const { rules, interceptedSiteIds } = interceptRules(inputs({ sites: [on8080, on9090] }));
    expect(interceptedSiteIds).toEqual([on8080.id, on9090.id]);
    const siteIdAfter = async (url: string) => breatheQueryOf(await navigate(rules, url)).siteId;
    expect(await siteIdAfter('http://localhost:8080/app')).toBe(on8080.id);
    expect(await siteIdAfter('https://localhost:9090/')).toBe(on9090.id);
    expect(await navigate(rules, 'http://localhost:3000/')).toBe('http://localhost:3000/');
  });

  it('keeps rule ids stable as sites come and go', () => {
    const [a, b, c] = [site('https://a.example'), site('https://b.example'), site('https://c.example')];
    const first = interceptRules(inputs({ sites: [a, b, c] }));
    expect(first.ruleIds).toEqual({ [a.id]: 1, [b.id]: 2, [c.id]: 3 });
    // A site's number is its rule's id.
    expect(first.rules.map((rule) => rule.id)).toEqual([1, 2, 3]);
    // b is deleted, then d is added: a and c keep their ids and d takes the free one.
    const d = site('https://d.example');
    const second = interceptRules(inputs({ sites: [c, a], ruleIds: first.ruleIds }));
    const third = interceptRules(inputs({ sites: [d, c, a], ruleIds: second.ruleIds }));
    expect(third.ruleIds).toEqual({ [a.id]: 1, [c.id]: 3, [d.id]: 2 });
    // A running session removes the rule but not the site's id.
    const fourth = interceptRules(
      inputs({ sites: [a, c, d], ruleIds: third.ruleIds, running: new Set([a.id]) }),
    );
    expect(fourth.rules.map((rule) => rule.id).sort()).toEqual([2, 3]);
    expect(fourth.ruleIds[a.id]).toBe(1);
  });

  it('repairs clashing stored ids instead of writing two rules with one id', () => {
    expect(assignRuleIds({ a: 1, b: 1 }, ['a', 'b'])).toEqual({ a: 1, b: 2 });
  });

  it('never intercepts the web app itself', async () => {
    const own = site('https://app.example.com');
    const parent = site('https://example.com');
    const { rules } = interceptRules(
      inputs({ sites: [own, parent], webAppOrigin: 'https://app.example.com' }),
    );
    expect(rules.every((rule) => rule.condition.requestDomains[0] === 'example.com')).toBe(true);
    expect(await navigate(rules, 'https://app.example.com/breathe')).toBe('https://app.example.com/breathe');
    expect(await navigate(rules, 'https://www.example.com/')).toContain('/breathe.html?');
    const local = interceptRules(
      inputs({ sites: [site('http://localhost')], webAppOrigin: 'http://localhost:3000' }),
    );
    expect(local.rules).toHaveLength(0);
  });

  it('writes no rule for a site it cannot read, and stays within Chrome’s 1000 regex rules', () => {
    expect(interceptRules(inputs({ sites: [site('https://[::1]')] })).rules).toHaveLength(0);
    const many = Array.from({ length: MAX_INTERCEPT_SITES + 5 }, (_, n) => site(`https://s${n}.example`));
    const { rules, interceptedSiteIds } = interceptRules(inputs({ sites: many }));
    expect(interceptedSiteIds).toHaveLength(MAX_INTERCEPT_SITES);
    expect(rules.length).toBeLessThanOrEqual(1000);
  });

  it('plans the smallest update from the rules Chrome has', () => {
    const [a, b] = [site('https://a.example'), site('https://b.example')];
    const before = interceptRules(inputs({ sites: [a, b] }));
    const after = interceptRules(
      inputs({ sites: [a, b], ruleIds: before.ruleIds, running: new Set([b.id]) }),
    );
    expect(planRuleUpdate(before.rules, after.rules)).toEqual({ removeRuleIds: [2], addRules: [] });
    expect(planRuleUpdate(after.rules, after.rules)).toEqual({ removeRuleIds: [], addRules: [] });
    // Another first screen address (another extension id): the rule is replaced.
    const moved = interceptRules(
      inputs({
        sites: [a],
        ruleIds: before.ruleIds,
        firstScreenUrl: 'chrome-extension://otherid/breathe.html',
      }),
    );
    expect(planRuleUpdate(after.rules, moved.rules)).toEqual({ removeRuleIds: [1], addRules: moved.rules });
  });
});
