/**
 * SPEC §2 and §9 marketing claims, kept once. The SPEC quotes two ratings (4.8 on the
 * personal-plan paywall, 4.7 elsewhere): every page shows 4.7, with no review count (decision 020).
 */
export const marketingClaims = {
  fewerMindlessSessions: '56% fewer mindless sessions',
  sessionsAvoidedPercent: '56%',
  screenTimeReduction: 'up to 40% lower screen time',
  screenTimeDown: 'screen time down up to 40%',
  minutesSavedPerDay: '42 mins saved per day',
  minutesSavedShort: '42m',
  sessionsStopped: '10M+ sessions stopped',
  sessionsStoppedCount: '10M+',
  screenTimeDownFigure: 'up to 40%',
  feelMorePresentPercent: '97%',
  rating: '4.7',
  feelMorePresent: '97% of users feel more present within 7 days',
} as const;
