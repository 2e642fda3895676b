import type { FeedblockingSite } from '../constants/feedblocking';
import { FEEDBLOCKING_SITE_LABELS } from '../constants/feedblocking';
import { DEFAULT_SITE_BUDGET, MIN_SITE_BUDGET } from '../constants/limits';
import type { Intention, MostDisruptive, WorstApp } from '../constants/options';
import type { PhonePickups, QuizAnswers, ScreenTime } from '../constants/quiz';
import { POPULAR_SITES } from '../sites/popular';
import { englishList } from './intl-formats';

/** The personal plan /quiz-results shows, computed from the quiz's answers alone. */
export interface PersonalPlan {
  focus: {
    intention: Intention;
    outcome: string;
    /** 'Find focus' */
    title: string;
  };
  /** The app named as the hardest to put down, as it is written ('TikTok'); null for 'other'. */
  app: string | null;
  /** One or two sites to give a pause first, as a person types them ('tiktok.com'). */
  sites: readonly string[];
  /** A feed Stillpoint can block on the web for that app, when it is one of the six. */
  feedblocking: { site: FeedblockingSite; label: string } | null;
  /** Sessions a day to start each of those sites with. */
  dailySessions: number;
  /** The budget from the second week: one session fewer, never below the minimum. */
  nextWeekSessions: number;
  /** What to do, in order, in words. */
  steps: readonly string[];
  /**
   * What the plan does from day one, in words: what Stillpoint itself does for these sites. No
   * figure about other people and no forecast for this person (docs/funnel.md, figures).
   */
  expectations: readonly string[];
}

interface AppFacts {
  name: string;
  site: string;
  feed: FeedblockingSite | null;
}

const appFacts: Record<Exclude<WorstApp, 'other'>, AppFacts> = {
  instagram: { name: 'Instagram', site: 'instagram.com', feed: 'instagram' },
  'tik tok': { name: 'TikTok', site: 'tiktok.com', feed: null },
  youtube: { name: 'YouTube', site: 'youtube.com', feed: 'youtube' },
  twitter: { name: 'Twitter / X', site: 'x.com', feed: 'twitter' },
  netflix: { name: 'Netflix', site: 'netflix.com', feed: null },
  facebook: { name: 'Facebook', site: 'facebook.com', feed: 'facebook' },
  whatsapp: { name: 'WhatsApp', site: 'web.whatsapp.com', feed: null },
  snapchat: { name: 'Snapchat', site: 'snapchat.com', feed: null },
};

/** Where each kind of pull most often lives on the web; gaming has no one site to name. */
const disruptionSites: Record<MostDisruptive, readonly string[]> = {
  'checking social media': ['instagram.com', 'x.com'],
  'constant messaging': ['web.whatsapp.com'],
  'binge watching': ['youtube.com', 'netflix.com'],
  'addictive gaming': [],
  'impulse shopping': ['amazon.com'],
  'none of these': [],
};

/**
 * The first week's budget starts close to today's use, so it can be kept, and comes down from
 * there. Screen time decides; pickups stand in when screen time is not known.
 */
const sessionsByScreenTime: Record<ScreenTime, number | null> = {
  'under 2 hours': 2,
  '2 to 4 hours': 3,
  '4 to 6 hours': 4,
  'more than 6 hours': 5,
  "I'm not sure": null,
};
const sessionsByPickups: Record<PhonePickups, number | null> = {
  'fewer than 30': 2,
  '30 to 60': 3,
  '60 to 100': 4,
  'more than 100': 5,
  "I'm not sure": null,
};

const focusTitles: Record<Intention, string> = {
  'be present': 'Be present',
  'find calm': 'Find calm',
  'find focus': 'Find focus',
};

const MAX_SITES = 2;

/** The starting daily session budget for these answers. */
export function suggestedDailySessions(screenTime: ScreenTime, phonePickups: PhonePickups): number {
  return sessionsByScreenTime[screenTime] ?? sessionsByPickups[phonePickups] ?? DEFAULT_SITE_BUDGET;
}

/** The sites to start with: the hardest app's own, then where the biggest pull lives. */
export function startingSites(worstApp: WorstApp, mostDisruptive: MostDisruptive): string[] {
  const first = worstApp === 'other' ? [] : [appFacts[worstApp].site];
  const candidates = [...first, ...disruptionSites[mostDisruptive]];
  const sites = [...new Set(candidates)].slice(0, MAX_SITES);
  return sites.length > 0 ? sites : POPULAR_SITES.slice(0, MAX_SITES);
}

const sessionWord = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/** What the product does with these sites, each a thing it keeps: the pause, the budget, the count. */
function expectationsFor(sites: readonly string[], dailySessions: number): string[] {
  return [
    `A short breath each time ${englishList(sites)} opens, then your choice: turn back, or a timed session.`,
    `Once a site's ${sessionWord(dailySessions)} of the day ${dailySessions === 1 ? 'is' : 'are'} used, its pause offers only turning back until tomorrow.`,
    'Your home page counts your pauses each week, and how often you turned back.',
  ];
}

/**
 * The personal plan for a finished quiz (SPEC §2 /quiz-results). Every number is a rule applied to
 * the answers (the session budget): nothing here pretends to be a measurement of the person or a
 * figure about other people.
 */
export function personalPlan(answers: QuizAnswers): PersonalPlan {
  const facts = answers.worstApp === 'other' ? null : appFacts[answers.worstApp];
  const sites = startingSites(answers.worstApp, answers.mostDisruptive);
  const dailySessions = suggestedDailySessions(answers.screenTime, answers.phonePickups);
  const nextWeekSessions = Math.max(MIN_SITE_BUDGET, dailySessions - 1);
  const feedblocking = facts?.feed ? { site: facts.feed, label: FEEDBLOCKING_SITE_LABELS[facts.feed] } : null;

  const steps = [
    `Add ${englishList(sites)} with a budget of ${sessionWord(dailySessions)} a day each.`,
    ...(feedblocking
      ? [`Turn on feed blocking for ${feedblocking.label}: search stays, the feed rests.`]
      : []),
    'Take the breathing pause each time one of them opens, and decide then whether to go in.',
    nextWeekSessions < dailySessions
      ? `After a week, lower the budget to ${sessionWord(nextWeekSessions)} a day.`
      : `After a week, keep the budget at ${sessionWord(nextWeekSessions)} a day.`,
  ];

  return {
    focus: { intention: answers.intention, outcome: answers.outcome, title: focusTitles[answers.intention] },
    app: facts?.name ?? null,
    sites,
    feedblocking,
    dailySessions,
    nextWeekSessions,
    steps,
    expectations: expectationsFor(sites, dailySessions),
  };
}
