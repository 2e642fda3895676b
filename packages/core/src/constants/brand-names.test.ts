import { describe, expect, it } from 'vitest';
import { misspelledBrands } from '../testing/brand-spelling';
import { optionLabel, withBrandSpellings } from './brand-names';
import { FEEDBLOCKING_SITE_LABELS } from './feedblocking';
import { messages } from './messages';
import { FALLBACK_HDYH_OPTIONS, OUTCOME_OPTIONS, UNINSTALL_REASONS, WORST_APP_LABELS } from './options';
import { QUIZ_QUESTION_IDS, quizQuestionOptions } from './quiz';

// Every answer the web app shows, as it shows them (brand names fixed, the stored value kept).
const shownOptions = [
  ...FALLBACK_HDYH_OPTIONS,
  ...Object.values(OUTCOME_OPTIONS).flat(),
  ...UNINSTALL_REASONS,
  ...QUIZ_QUESTION_IDS.flatMap((id) => quizQuestionOptions(id, 'find focus')),
].map(withBrandSpellings);

describe('brand names', () => {
  it('spells each brand as its owner does in the answers people choose from', () => {
    expect(withBrandSpellings('tik tok')).toBe('TikTok');
    expect(withBrandSpellings('linkedin')).toBe('LinkedIn');
    expect(withBrandSpellings('youtube')).toBe('YouTube');
    expect(withBrandSpellings('app store search')).toBe('App Store search');
    expect(withBrandSpellings('whatsapp')).toBe('WhatsApp');
    expect(withBrandSpellings('from a friend')).toBe('from a friend');
    expect(optionLabel('app store search')).toBe('App Store search');
    expect(optionLabel('news article')).toBe('News article');
  });

  it('finds no misspelled brand in any visible option list, label or message', () => {
    const visible = [
      ...shownOptions,
      ...Object.values(WORST_APP_LABELS),
      ...Object.values(FEEDBLOCKING_SITE_LABELS),
      ...Object.values(messages),
    ];
    expect(visible.flatMap(misspelledBrands)).toEqual([]);
  });

  it('can fail: the check catches the spellings issue 43 found', () => {
    expect(misspelledBrands('Linkedin, Youtube and Tik tok on chrome')).toEqual([
      'Linkedin',
      'Youtube',
      'Tik tok',
      'chrome',
    ]);
    // An address is not a name.
    expect(misspelledBrands('Open youtube.com')).toEqual([]);
  });
});
