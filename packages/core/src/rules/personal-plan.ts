import type { FeedblockingSite } from '../constants/feedblocking';
import { FEEDBLOCKING_SITE_LABELS } from '../constants/feedblocking';
import { DEFAULT_SITE_BUDGET, MIN_SITE_BUDGET } from '../constants/limits';
import { marketingClaims } from '../constants/marketing';
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
   * Stillpoint's own figures (marketingClaims), the most relevant to these answers first. They are
   * what users report on average, not a forecast for this person.
   */
  projection: readonly string[];
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

/** The claims, most relevant first: the pull people named, then how much they use their phone. */
function projectionFor(answers: QuizAnswers): string[] {
  const sessions = marketingClaims.fewerMindlessSessions;
  const minutes = marketingClaims.minutesSavedPerDay;
  const screenTime = marketingClaims.screenTimeDown;
  const heavyUse = answers.screenTime === '4 to 6 hours' || answers.screenTime === 'more than 6 hours';
  if (heavyUse) return [screenTime, minutes, sessions];
  if (answers.intention === 'find focus') return [minutes, sessions, screenTime];
  return [sessions, minutes, screenTime];
}

const sessionWord = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/**
 * The personal plan for a finished quiz (SPEC §2 /quiz-results). Every number is either a rule
 * applied to the answers (the session budget) or one of Stillpoint's stated figures
 * (marketingClaims, decision 020): nothing here pretends to be a measurement of the person.
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
    projection: projectionFor(answers),
  };
}
