import { FALLBACK_HDYH_OPTIONS, type HdyhOption } from '@stillpoint/core';

// Follow-up questions for the sources where the answer tells marketing something it can act on.
const DRILLDOWNS: Partial<Record<(typeof FALLBACK_HDYH_OPTIONS)[number], Omit<HdyhOption, 'name'>>> = {
  youtube: {
    drilldownPrompt: 'Which kind of video?',
    drilldown: ['a creator I follow', 'an ad', 'a podcast clip', 'other'],
  },
  'from a friend': {
    drilldownPrompt: 'Where did they tell you about us?',
    drilldown: ['in person', 'a text or chat', 'social media', 'other'],
  },
  'news article': {
    drilldownPrompt: 'Which publication?',
    drilldown: ['The New York Times', 'The Guardian', 'Wired', 'The Verge', 'other'],
  },
  'app store search': {
    drilldownPrompt: 'Which store?',
    drilldown: ['App Store', 'Google Play', 'Chrome Web Store'],
  },
};

/**
 * The "how did you hear about us" options: SPEC §9's list, in its order (the web app falls back
 * to the same list when this call fails), with the drilldowns above.
 */
export const HDYH_OPTIONS: HdyhOption[] = FALLBACK_HDYH_OPTIONS.map((name) => ({
  name,
  ...DRILLDOWNS[name],
}));
