import { epochSeconds, utcUserDay } from '@stillpoint/core';
import fc from 'fast-check';
import type { Config } from '../../src/config';
import type { PersonWithData } from '../support/person-with-data';

/**
 * Values that name rows which exist, offered by field name wherever a schema has that field, so a
 * fuzzed call reaches the handler's work rather than stopping at "not found". The person is read
 * when a value is drawn: a person replaced mid-run (after a per-person rate limit) is used at once.
 */
export function knownValuesOf(person: () => PersonWithData, config: Config) {
  const oneOf = (values: () => readonly unknown[]) =>
    fc.nat().map((choice) => {
      const current = values();
      return current[choice % current.length];
    });
  const now = () => new Date();
  const byField: Record<string, fc.Arbitrary<unknown>> = {
    siteId: oneOf(() => person().siteIds),
    id: oneOf(() => person().sessionIds),
    interceptId: oneOf(() => person().interceptIds),
    userId: oneOf(() => [person().uid]),
    // Admin calls: the fuzzing person is the admin and acts on themself.
    uid: oneOf(() => [person().uid]),
    referringUserId: oneOf(() => [person().uid]),
    referralViewId: oneOf(() => [person().referralViewId]),
    code: oneOf(() => [person().deepLinkCode]),
    priceId: oneOf(() => Object.values(config.prices)),
    // Short links may only lead to this site (or the brand's and the stores' pages).
    desktopUrl: oneOf(() => [`${config.publicUrl}/mobileDownload`, `${config.publicUrl}/`]),
    iosUrl: oneOf(() => [`${config.publicUrl}/mobileDownload`]),
    userDay: oneOf(() => [utcUserDay(now()), utcUserDay(now()) - 1]),
    weekStartUserDay: oneOf(() => [utcUserDay(now()) - 6]),
    timeStarted: oneOf(() => [epochSeconds(now())]),
    eventTime: oneOf(() => [epochSeconds(now())]),
    occurredAt: oneOf(() => [now().getTime()]),
  };
  return (field: string): fc.Arbitrary<unknown> | undefined => byField[field];
}
