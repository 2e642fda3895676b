import { describe, expect, it } from 'vitest';
import { appDisplayName, appUsageToday, isOverAppBudget, needsMobileSetup } from './apps';

describe('phone card rules', () => {
  it('reads today from the first week entry, or zeros', () => {
    const usage = { totalAppOpens: 4, totalMinutesUsed: 31 };
    expect(
      appUsageToday({ currentWeekSessions: [usage, { totalAppOpens: 9, totalMinutesUsed: 90 }] }),
    ).toEqual(usage);
    expect(appUsageToday({ currentWeekSessions: [] })).toEqual({ totalAppOpens: 0, totalMinutesUsed: 0 });
  });

  it('is over budget only above it', () => {
    expect(isOverAppBudget(3, 3)).toBe(false);
    expect(isOverAppBudget(4, 3)).toBe(true);
  });

  it('offers mobile setup only with no apps and no screen time', () => {
    expect(needsMobileSetup(0, 0)).toBe(true);
    expect(needsMobileSetup(0, 1)).toBe(false);
    expect(needsMobileSetup(1, 0)).toBe(false);
  });

  it('names an app after its supported app, its own name, or Unknown', () => {
    const supported = [{ id: 'ig', name: 'Instagram' }];
    expect(appDisplayName({ supportedAppId: 'ig', name: 'insta' }, supported)).toBe('Instagram');
    expect(appDisplayName({ supportedAppId: 'tt', name: 'TikTok' }, supported)).toBe('TikTok');
    expect(appDisplayName({ supportedAppId: null, name: null }, supported)).toBe('Unknown');
  });
});
