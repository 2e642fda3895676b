/**
 * The shape of Stillpoint's legal pages (/privacy and /terms): plain data, so the text lives in one
 * place (this folder) and the web app only draws it. Text may carry links written `[label](href)`
 * and bold words written `**words**` (legalInline reads both); nothing else is markup.
 */

/** The lawful bases of GDPR Art. 6(1) Stillpoint relies on. */
export type LegalBasis = 'contract' | 'consent' | 'legitimateInterest' | 'legalObligation';

/** A service that handles personal data for Stillpoint, or that a person meets through it. */
export interface Processor {
  id: string;
  name: string;
  /** What it does for Stillpoint. */
  role: string;
  /** What it receives. */
  receives: string;
}

/** One kind of personal data Stillpoint holds: the page's data inventory, one card each. */
export interface PersonalDataKind {
  /** Stable anchor on the page, e.g. `data-account`. */
  id: string;
  name: string;
  /** What is held. */
  what: string;
  /** Why it is held. */
  why: string;
  basis: readonly LegalBasis[];
  /** How long it is kept. */
  kept: string;
  /** Processor ids (`Processor.id`) that receive it; empty when it stays with Stillpoint. */
  sharedWith: readonly string[];
  /** The database tables that hold it (apps/server/src/db/schema), for the coverage test and docs. */
  tables: readonly string[];
}

export type LegalBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  /** The data inventory: one card per kind of personal data. */
  | { kind: 'dataKinds'; kinds: readonly PersonalDataKind[] }
  /** The services that process data: one entry each. */
  | { kind: 'processors'; processors: readonly Processor[] }
  /** A control that reopens the visitor's cookie choice, with a sentence before it. */
  | { kind: 'cookieSettings'; text: string };

export interface LegalSection {
  /** Stable anchor on the page (`/privacy#rights`); the table of contents links to it. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  /** The page's heading and tab title. */
  title: string;
  /** The day the text last changed, `YYYY-MM-DD`. */
  lastUpdated: string;
  /** What the page is, in a sentence or two, shown under the heading. */
  intro: string;
  /** Said plainly near the top: what this text is and is not. */
  notLegalAdvice: string;
  sections: readonly LegalSection[];
}
