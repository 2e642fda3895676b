import { describe, expect, it } from 'vitest';
import {
  editSiteRow,
  fillSiteRow,
  flagUnusableBudgets,
  newSiteRow,
  popularSitesLeft,
  removeSiteRow,
  siteRowBody,
} from './site-rows';

describe('onboarding site rows', () => {
  it('start empty with a budget of 3', () => {
    expect(newSiteRow()).toMatchObject({ siteOrigin: '', budget: '3', error: null, budgetError: null });
  });

  it('send the site trimmed and the budget as a whole number', () => {
    expect(siteRowBody({ ...newSiteRow(' youtube.com '), budget: '2.9' })).toEqual({
      siteOrigin: 'youtube.com',
      budget: 2,
    });
  });

  it('forget what was wrong with a row once it is edited', () => {
    const row = {
      ...newSiteRow('youtube.com'),
      error: 'youtube.com is already one of your intercepted sites.',
      budgetError: 'At least 1',
    };
    const [edited] = editSiteRow([row], row.key, { siteOrigin: 'tiktok.com' });
    expect(edited).toMatchObject({ siteOrigin: 'tiktok.com', error: null, budgetError: null });
  });

  it('always keep one row to type in', () => {
    const only = newSiteRow('reddit.com');
    const rows = removeSiteRow([only], only.key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ siteOrigin: '' });
    expect(rows[0]?.key).not.toBe(only.key);
  });

  it('put a picked popular site in the first empty row, or in a new row when none is empty', () => {
    const typed = newSiteRow('reddit.com');
    const blank = newSiteRow('  ');
    expect(fillSiteRow([typed, blank], 'x.com').map((row) => row.siteOrigin)).toEqual([
      'reddit.com',
      'x.com',
    ]);
    expect(fillSiteRow([typed], 'x.com').map((row) => row.siteOrigin)).toEqual(['reddit.com', 'x.com']);
  });

  it('point out a typed site with no usable budget, and let empty rows and good rows through', () => {
    const good = newSiteRow('reddit.com');
    const empty = { ...newSiteRow(), budget: '0' };
    expect(flagUnusableBudgets([good, empty])).toBeNull();

    const zero = { ...newSiteRow('x.com'), budget: '0' };
    const none = { ...newSiteRow('tiktok.com'), budget: '' };
    const flagged = flagUnusableBudgets([good, zero, none]);
    expect(flagged?.map((row) => row.budgetError)).toEqual([null, 'At least 1', 'At least 1']);
  });

  it('offer only the popular sites not intercepted or typed yet, www or not', () => {
    const left = popularSitesLeft([{ siteOrigin: 'https://www.youtube.com' }], [newSiteRow(' Reddit.com ')]);
    expect(left).toEqual(['x.com', 'instagram.com', 'tiktok.com', 'news.ycombinator.com']);
  });
});
