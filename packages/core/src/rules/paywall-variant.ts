import type { PaywallVariant } from '../constants/steps';

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A stable number in [0, 1) for a user id: FNV-1a (32 bits) over the id's UTF-8 bytes, divided by
 * 2^32. The same id gives the same number in every program and release, so a person always sees
 * the same paywall; ids spread evenly enough over [0, 1) to split people in half.
 */
export function userIdHash(userId: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of utf8Bytes(userId)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash / 2 ** 32;
}

/** UTF-8, by hand: core runs where TextEncoder is not among the declared globals. */
function* utf8Bytes(text: string): Generator<number> {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) {
      yield code;
    } else if (code < 0x800) {
      yield 0xc0 | (code >> 6);
      yield 0x80 | (code & 0x3f);
    } else if (code < 0x10000) {
      yield 0xe0 | (code >> 12);
      yield 0x80 | ((code >> 6) & 0x3f);
      yield 0x80 | (code & 0x3f);
    } else {
      yield 0xf0 | (code >> 18);
      yield 0x80 | ((code >> 12) & 0x3f);
      yield 0x80 | ((code >> 6) & 0x3f);
      yield 0x80 | (code & 0x3f);
    }
  }
}

/**
 * Which paywall a person sees (decision 019): above 0.5 the personal plan, otherwise the
 * timeline. Someone signed out or unknown sees the timeline.
 */
export function paywallVariant(userId: string | null | undefined): PaywallVariant {
  if (!userId) return 'timeline';
  return userIdHash(userId) > 0.5 ? 'personalPlan' : 'timeline';
}

/**
 * The paywall the funnel shows: the personal plan says a plan is ready, so it is only for someone
 * who gave answers to make one from, and then only on its side of the split above. Anyone
 * without answers (signed in through "I already have an account") sees the timeline, which
 * claims no plan.
 */
export function paywallFor(userId: string | null | undefined, hasAnswers: boolean): PaywallVariant {
  return hasAnswers ? paywallVariant(userId) : 'timeline';
}
