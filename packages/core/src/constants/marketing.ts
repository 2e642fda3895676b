/**
 * SPEC §2 and §9 marketing claims. The SPEC quotes two ratings (4.8 on the personal-plan
 * paywall, 4.7 elsewhere); both are kept so each page shows the figure it was written with.
 */
export const marketingClaims = {
  fewerMindlessSessions: '56% fewer mindless sessions',
  sessionsAvoidedPercent: '56%',
  screenTimeReduction: 'up to 40% lower screen time',
  screenTimeDown: 'screen time down up to 40%',
  minutesSavedPerDay: '42 mins saved per day',
  minutesSavedShort: '42m',
  sessionsStopped: '10M+ sessions stopped',
  paywallRating: '4.8',
  paywallReviewCount: '6.5k',
  rating: '4.7',
  feelMorePresent: '97% of users feel more present within 7 days',
} as const;
