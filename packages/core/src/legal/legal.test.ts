import { describe, expect, it } from 'vitest';
import { brand } from '../brand';
import { FREE_TRIAL_DAYS, planPrices } from '../constants/plans';
import { formatPrice } from '../rules/prices';
import { legalDate, legalInline, legalPlainText } from './inline';
import { PERSONAL_DATA, TABLES_WITHOUT_PERSONAL_DATA } from './inventory';
import { LEGAL_PATHS } from './paths';
import { privacyPolicy } from './privacy';
import { PROCESSORS } from './processors';
import { TERMS_VERSION, termsOfService } from './terms';
import type { LegalDocument } from './types';

const documents: [string, LegalDocument][] = [
  ['privacy policy', privacyPolicy],
  ['terms of service', termsOfService],
];

/** Every piece of text a document shows, with its markup. */
function textsOf(document: LegalDocument): string[] {
  const texts = [document.intro, document.notLegalAdvice];
  for (const section of document.sections) {
    texts.push(section.heading);
    for (const block of section.blocks) {
      if (block.kind === 'paragraph' || block.kind === 'cookieSettings') texts.push(block.text);
      else if (block.kind === 'list') texts.push(...block.items);
      else if (block.kind === 'dataKinds')
        for (const kind of block.kinds) texts.push(kind.name, kind.what, kind.why, kind.kept);
      else
        for (const processor of block.processors)
          texts.push(processor.name, processor.role, processor.receives);
    }
  }
  return texts;
}

/** The ids a `#anchor` on the page can reach: its sections and its data cards. */
function anchorsOf(document: LegalDocument): string[] {
  return document.sections.flatMap((section) => [
    section.id,
    ...section.blocks.flatMap((block) =>
      block.kind === 'dataKinds' ? block.kinds.map((kind) => kind.id) : [],
    ),
  ]);
}

const linksOf = (document: LegalDocument) =>
  textsOf(document)
    .flatMap(legalInline)
    .flatMap((part) => (typeof part !== 'string' && 'href' in part ? [part] : []));

describe('legalInline', () => {
  it('reads links and bold words in order, and leaves other brackets and stars as written', () => {
    expect(legalInline('See the [terms](/terms), **then** pay [now] * twice.')).toEqual([
      'See the ',
      { label: 'terms', href: '/terms' },
      ', ',
      { strong: 'then' },
      ' pay [now] * twice.',
    ]);
    expect(legalInline('plain')).toEqual(['plain']);
    expect(legalInline('')).toEqual([]);
  });

  it('gives the words without markup', () => {
    expect(legalPlainText('Write to [us](mailto:a@b.c), **today**.')).toBe('Write to us, today.');
  });
});

describe('legalDate', () => {
  it('reads a day the same in every time zone', () => {
    expect(legalDate('2026-11-29')).toBe('November 29, 2026');
    expect(legalDate('2027-01-01')).toBe('January 1, 2027');
  });
});

describe.each(documents)('the %s', (_name, document) => {
  it('has a real last-updated day', () => {
    expect(document.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${document.lastUpdated}T00:00:00Z`).toISOString().slice(0, 10)).toBe(
      document.lastUpdated,
    );
  });

  it('has sections with distinct anchors, each with something to read', () => {
    const anchors = anchorsOf(document);
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const section of document.sections) {
      expect(section.id).toMatch(/^[a-z][a-z-]*$/);
      expect(section.blocks.length, section.id).toBeGreaterThan(0);
    }
  });

  it('links only to its own sections, the legal pages, Stillpoint pages, mail or https', () => {
    const anchors = anchorsOf(document);
    const links = linksOf(document);
    expect(links.length).toBeGreaterThan(0);
    for (const { href } of links) {
      if (href.startsWith('#')) expect(anchors, href).toContain(href.slice(1));
      else expect(href).toMatch(/^(\/[a-z-]*|mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/);
    }
  });

  it('names the support address as the way to reach us', () => {
    expect(linksOf(document).map((link) => link.href)).toContain(`mailto:${brand.supportEmail}`);
  });

  it('says plainly that it is not legal advice', () => {
    expect(document.notLegalAdvice).toMatch(/not legal advice/);
  });
});

describe('the privacy policy', () => {
  it('gives every kind of data a purpose, a basis, a time it is kept, and known processors', () => {
    const processorIds = PROCESSORS.map((processor) => processor.id);
    expect(new Set(processorIds).size).toBe(processorIds.length);
    for (const kind of PERSONAL_DATA) {
      expect(kind.basis.length, kind.id).toBeGreaterThan(0);
      expect(kind.kept, kind.id).not.toBe('');
      for (const id of kind.sharedWith) expect(processorIds, kind.id).toContain(id);
    }
  });

  it('says what each processor receives with some kind of data', () => {
    const used = new Set(PERSONAL_DATA.flatMap((kind) => kind.sharedWith));
    for (const processor of PROCESSORS) expect(used, processor.id).toContain(processor.id);
  });

  it('names the processors a reader would look for', () => {
    const names = PROCESSORS.map((processor) => processor.name).join(' ');
    for (const name of [
      'Stripe',
      'Twilio',
      'Google',
      'Apple',
      'TikTok',
      'RevenueCat',
      'E-mail',
      'Team chat',
      'Sentry',
    ])
      expect(names).toContain(name);
  });

  it('places each table once: with a kind of data, or as holding none', () => {
    const tables = [
      ...PERSONAL_DATA.flatMap((kind) => kind.tables),
      ...Object.keys(TABLES_WITHOUT_PERSONAL_DATA),
    ];
    expect(new Set(tables).size).toBe(tables.length);
  });

  it('lists every right, a supervisory authority, and cookie settings', () => {
    const text = textsOf(privacyPolicy).map(legalPlainText).join('\n');
    for (const right of [
      'Access',
      'Rectification',
      'Erasure',
      'Portability',
      'Objection',
      'Withdraw consent',
      'data protection authority',
    ])
      expect(text).toContain(right);
    const blocks = privacyPolicy.sections.flatMap((section) => section.blocks);
    expect(blocks.some((block) => block.kind === 'cookieSettings')).toBe(true);
  });

  it('links to the terms', () => {
    expect(linksOf(privacyPolicy).map((link) => link.href)).toContain(LEGAL_PATHS.terms);
  });
});

describe('the terms of service', () => {
  it('has a version of its own, which a purchase can record', () => {
    expect(TERMS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}(\.\d+)?$/);
  });

  it("states the trial and the plans' prices as core has them", () => {
    const text = textsOf(termsOfService).map(legalPlainText).join('\n');
    expect(text).toContain(`${FREE_TRIAL_DAYS}-day free trial`);
    expect(text).toContain(`${formatPrice(planPrices.monthly.cents)} a month`);
    expect(text).toContain(`${formatPrice(planPrices.annual.cents)} a year`);
    expect(text).toMatch(/renews automatically/);
  });

  it('links to the privacy policy', () => {
    expect(linksOf(termsOfService).map((link) => link.href)).toContain(LEGAL_PATHS.privacy);
  });
});

describe('the brand', () => {
  it("points at the web app's own legal pages", () => {
    expect(brand.privacyPolicyUrl).toBe(`${brand.website}${LEGAL_PATHS.privacy}`);
    expect(brand.termsUrl).toBe(`${brand.website}${LEGAL_PATHS.terms}`);
  });
});
