import { englishDate } from './intl-formats';
import { expiresAtMs, hasCardOnFile, isTrial, planName, type Subscriber } from './subscription';

/**
 * The current plan's name as a person reads it, wherever it is named (the subscription page):
 * the no-card trial is what it is, a free trial with the day it ends in the reader's calendar
 * ('Free trial, ends December 6'; 'ended' once over), not the monthly plan it is filed under;
 * every other plan keeps its name ('premium yearly'). Null without premium.
 */
export function currentPlanName(subscriber: Subscriber | null | undefined, now: Date): string | null {
  const name = planName(subscriber);
  if (name === null || !isTrial(subscriber) || hasCardOnFile(subscriber)) return name;
  const ends = expiresAtMs(subscriber);
  if (ends === undefined) return 'Free trial';
  return `Free trial, ${ends > now.getTime() ? 'ends' : 'ended'} ${englishDate(new Date(ends), 'monthDay')}`;
}
