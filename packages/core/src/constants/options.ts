/** SPEC §9 answer options. The values are what the UI shows and what the server stores. */

export const INTENTION_OPTIONS = ['be present', 'find calm', 'find focus'] as const;
export type Intention = (typeof INTENTION_OPTIONS)[number];

export const AGE_BANDS = ['under 18', '18-22', '23-27', '28-32', '33-37', '38-42', '43-49', '50+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

export const OCCUPATIONS = [
  'student',
  'teacher',
  'sales',
  'marketing',
  'engineer',
  'manager',
  'founder',
  'retired',
  'content creator',
  'finance/investing',
  'healthcare',
  'parent',
  'artist',
] as const;
export type Occupation = (typeof OCCUPATIONS)[number];

export const MOST_DISRUPTIVE_OPTIONS = [
  'checking social media',
  'constant messaging',
  'binge watching',
  'addictive gaming',
  'impulse shopping',
  'none of these',
] as const;
export type MostDisruptive = (typeof MOST_DISRUPTIVE_OPTIONS)[number];

export const WORST_APP_OPTIONS = [
  'instagram',
  'tik tok',
  'youtube',
  'twitter',
  'netflix',
  'facebook',
  'whatsapp',
  'snapchat',
  'other',
] as const;
export type WorstApp = (typeof WORST_APP_OPTIONS)[number];

/** Shown when the server's HDYH ("how did you hear") options cannot be loaded. */
export const FALLBACK_HDYH_OPTIONS = [
  'linkedin',
  'news article',
  'blog',
  'youtube',
  'substack',
  'instagram',
  'app store search',
  'tik tok',
  'twitter',
  'from a friend',
  'other',
] as const;

export const UNINSTALL_REASONS = [
  'not what I expected',
  'too expensive',
  'not helpful',
  'hard to set up',
  'buggy',
  'other',
] as const;
export type UninstallReason = (typeof UNINSTALL_REASONS)[number];

/**
 * SPEC §9: the outcome options vary by intention, and the SPEC does not list them. These are
 * ours; like the intentions they are what the UI shows and what the server stores.
 */
export const OUTCOME_OPTIONS: Record<Intention, readonly string[]> = {
  'be present': [
    'more time with the people I love',
    'less mindless scrolling',
    'enjoy moments without my phone',
    'better sleep',
  ],
  'find calm': ['less anxiety', 'a quieter mind', 'less comparing myself to others', 'better sleep'],
  'find focus': ['deeper work', 'finish what I start', 'study without distractions', 'fewer interruptions'],
};

/** How the worst-app answers are written on screen; the stored value stays the SPEC's. */
export const WORST_APP_LABELS: Record<WorstApp, string> = {
  instagram: 'Instagram',
  'tik tok': 'TikTok',
  youtube: 'YouTube',
  twitter: 'X (Twitter)',
  netflix: 'Netflix',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  snapchat: 'Snapchat',
  other: 'Another app',
};
