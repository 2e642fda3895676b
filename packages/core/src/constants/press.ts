/**
 * Publications that have written about Stillpoint, for the "as seen in" strip of the personal-plan
 * paywall (SPEC §2 "press logos"). Each is drawn as our own typographic mark of its name, never a
 * copy of the publication's logo, and links to the article.
 *
 * Empty on purpose: Stillpoint has no confirmed press coverage yet, and a strip of outlets that
 * never wrote about it would be a false claim. The strip renders nothing while the list is empty.
 * Add an entry only with the article's address to back it.
 */
export interface PressMention {
  /** The publication's name as it writes it, e.g. 'The Example Times'. */
  name: string;
  /** The article about Stillpoint (https). */
  url: string;
}

export const PRESS_MENTIONS: readonly PressMention[] = [];
