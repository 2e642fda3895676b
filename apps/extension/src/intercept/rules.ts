import { breatheAddress, type SiteIdentity, siteIdentity, urlBelongsToSite } from '@stillpoint/core';
import type { RedirectRule } from '../platform/types';

/** The part of a site (SPEC §3 custom site) that rule generation needs. */
export interface RuleSite {
  id: string;
  siteOrigin: string;
  active: boolean;
}

export interface RuleInputs {
  sites: readonly RuleSite[];
  /** Sites whose session is running now: they get no rule. */
  running: ReadonlySet<string>;
  /**
   * Sites the extension has host access to on this browser (decision 045); the others get no
   * rule, since Chrome would not apply it to them.
   */
  granted: ReadonlySet<string>;
  /** The rule ids sites already have; a site keeps its id for as long as it exists. */
  ruleIds: Readonly<Record<string, number>>;
  /** The web app's origin; never intercepted, since the breathe page lives there. */
  webAppOrigin: string;
  /** The extension's first screen of the breathe page (FIRST_SCREEN_PATH), where rules redirect. */
  firstScreenUrl: string;
}

/** Chrome allows at most 1000 regex rules per extension; each site takes one. */
export const MAX_INTERCEPT_SITES = 1000;

/**
 * Gives every site an id: existing sites keep theirs, new ones get the smallest free positive
 * integer, and ids of deleted sites are released. The id is also the id of the site's rule.
 */
export function assignRuleIds(
  existing: Readonly<Record<string, number>>,
  siteIds: readonly string[],
): Record<string, number> {
  const assigned: Record<string, number> = {};
  const used = new Set<number>();
  for (const id of siteIds) {
    const ruleId = existing[id];
    if (ruleId !== undefined && !used.has(ruleId)) {
      assigned[id] = ruleId;
      used.add(ruleId);
    }
  }
  let next = 1;
  for (const id of siteIds) {
    if (assigned[id] !== undefined) continue;
    while (used.has(next)) next++;
    assigned[id] = next;
    used.add(next);
  }
  return assigned;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Scheme, optional credentials, the site's host or any subdomain (a trailing dot allowed: Chrome
 * keeps it in the URL), and its port, any when it has none. The same URLs as core's
 * urlBelongsToSite, as Chrome writes them: lower case, punycode, no default port.
 */
function siteRegexPrefix(site: SiteIdentity): string {
  const port = site.port === null ? '(?::[0-9]+)?' : `:${site.port}`;
  return `^https?://(?:[^/?#]*@)?(?:[^/?#@:]*\\.)?${escapeRegex(site.host)}\\.?${port}`;
}

/**
 * An RE2 filter for every http(s) URL of the site, any path. It matches the whole URL, so `\0`
 * in the substitution is the URL the person asked for.
 */
export function siteRegexFilter(site: SiteIdentity): string {
  return `${siteRegexPrefix(site)}(?:[/?#].*)?$`;
}

/**
 * Every URL goes straight to breathe's first screen, an extension page that paints at once and
 * hands over to the web app's breathe page (decision 035), with `\0`, the whole URL as Chrome
 * requests it, as its returnUrl: written last and not encoded, so `&`, `+`, `%` and `=` in it
 * arrive as they are (core's readBreatheQuery reads the rest of the query whole).
 */
export function breatheSubstitution(firstScreenUrl: string, siteId: string): string {
  return breatheAddress(firstScreenUrl, { siteId, returnUrl: '\\0' });
}

function webAppHost(origin: string): string | null {
  try {
    return new URL(origin).hostname;
  } catch {
    return null;
  }
}

/**
 * The redirect rules for a moment in time, for each active site without a running session:
 * main-frame navigations to the site (any path, subdomains included) go to breathe's first screen
 * in one redirect, before any request reaches the site. Inactive sites, sites with a running
 * session, sites without host access on this browser and the web app's own host get none.
 * Returns the rules and the (stable) id of every site.
 */
export function interceptRules(inputs: RuleInputs): {
  rules: RedirectRule[];
  ruleIds: Record<string, number>;
  /** The sites the rules intercept. */
  interceptedSiteIds: string[];
} {
  const ruleIds = assignRuleIds(
    inputs.ruleIds,
    inputs.sites.map((site) => site.id),
  );
  const ownHost = webAppHost(inputs.webAppOrigin);
  const rules: RedirectRule[] = [];
  const interceptedSiteIds: string[] = [];
  for (const site of inputs.sites) {
    if (!site.active || inputs.running.has(site.id) || !inputs.granted.has(site.id)) continue;
    const identity = siteIdentity(site.siteOrigin);
    const n = ruleIds[site.id];
    if (!identity || n === undefined) continue;
    const excluded: Pick<RedirectRule['condition'], 'excludedRequestDomains'> = {};
    if (ownHost && urlBelongsToSite(inputs.webAppOrigin, identity)) {
      // The web app itself is on this site: intercepting all of it would hide the breathe page.
      if (ownHost === identity.host || ownHost === `www.${identity.host}`) continue;
      excluded.excludedRequestDomains = [ownHost];
    }
    rules.push({
      id: n,
      priority: 1,
      action: {
        type: 'redirect',
        redirect: { regexSubstitution: breatheSubstitution(inputs.firstScreenUrl, site.id) },
      },
      condition: {
        regexFilter: siteRegexFilter(identity),
        requestDomains: [identity.host],
        ...excluded,
        resourceTypes: ['main_frame'],
      },
    });
    interceptedSiteIds.push(site.id);
    if (interceptedSiteIds.length === MAX_INTERCEPT_SITES) break;
  }
  return { rules, ruleIds, interceptedSiteIds };
}

/** The fields Stillpoint sets, in a fixed order, so a rule read back from Chrome compares equal. */
function canonical(rule: RedirectRule): string {
  return JSON.stringify([
    rule.priority ?? 1,
    rule.action.type,
    rule.action.redirect?.regexSubstitution ?? null,
    rule.condition.regexFilter ?? null,
    rule.condition.requestDomains ?? null,
    rule.condition.excludedRequestDomains ?? null,
    rule.condition.resourceTypes ?? null,
  ]);
}

/** The smallest update turning `current` into `desired`: changed rules are removed and re-added. */
export function planRuleUpdate(
  current: readonly RedirectRule[],
  desired: readonly RedirectRule[],
): { removeRuleIds: number[]; addRules: RedirectRule[] } {
  const currentById = new Map(current.map((rule) => [rule.id, rule]));
  const desiredById = new Map(desired.map((rule) => [rule.id, rule]));
  const removeRuleIds: number[] = [];
  const addRules: RedirectRule[] = [];
  for (const rule of current) {
    const wanted = desiredById.get(rule.id);
    if (!wanted || canonical(wanted) !== canonical(rule)) removeRuleIds.push(rule.id);
  }
  for (const rule of desired) {
    const existing = currentById.get(rule.id);
    if (!existing || canonical(existing) !== canonical(rule)) addRules.push(rule);
  }
  return { removeRuleIds, addRules };
}
