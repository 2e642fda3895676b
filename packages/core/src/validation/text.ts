/** Feedback and the occupation free text need something besides spaces. */
export const isNonEmptyText = (text: string): boolean => text.trim().length > 0;

const LINE_BREAKS_AND_TABS = new Set(['\n', '\r', '\t']);
const isControl = (char: string) => /\p{Cc}/u.test(char);

/** A database cannot hold NUL, and other control characters only garble what the team reads. */
export const hasControlExceptLines = (text: string) =>
  [...text].some((char) => isControl(char) && !LINE_BREAKS_AND_TABS.has(char));
/** A one-line answer must stay one line: it is written into labelled lines of the team's message. */
export const hasControl = (text: string) => /\p{Cc}/u.test(text);
