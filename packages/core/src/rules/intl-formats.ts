/**
 * Intl formats, each made once and only when first used. Making one costs far more than using it
 * (the browser builds the locale's patterns), so a module that merely might show a date or a price
 * no longer pays for it while it loads, and a page pays once, not on every call.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function madeOnce<F>(made: Map<string, F>, key: string, make: () => F): F {
  let format = made.get(key);
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** `locale` undefined: the reader's own. */
export const dateTimeFormat = (
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat =>
  madeOnce(dateFormats, JSON.stringify([locale, options]), () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (
  locale: string | undefined,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat =>
  madeOnce(numberFormats, JSON.stringify([locale, options]), () => new Intl.NumberFormat(locale, options));

/**
 * 'A, B, and C' (or 'A, B, or C'), as `Intl.ListFormat('en')` writes a list, without Intl: the first
 * Intl format a page makes costs it tens of milliseconds of blocked main thread on a phone, and
 * these lists are in pages' first screens. A test holds the two together.
 */
export function englishList(
  items: readonly string[],
  type: 'conjunction' | 'disjunction' = 'conjunction',
): string {
  const word = type === 'conjunction' ? 'and' : 'or';
  if (items.length <= 2) return items.join(` ${word} `);
  return `${items.slice(0, -1).join(', ')}, ${word} ${items[items.length - 1]}`;
}

/** English day and month names, as dates are written everywhere in the product. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * How `englishDate` writes a date, as `Intl.DateTimeFormat('en-US')` would with these options:
 * - `long`: 'Sunday, November 29' (weekday, month long, day);
 * - `weekday`: 'Sun' (weekday short);
 * - `short`: 'Sun, Nov 29' (weekday, month and day short);
 * - `monthDay`: 'November 29' (month long, day).
 */
export type EnglishDateStyle = 'long' | 'weekday' | 'short' | 'monthDay';

/**
 * A date in English without Intl, for the dates of a page's first screen (home's), which would
 * otherwise make the page's first Intl format while it draws. Stillpoint's words are English, so
 * its dates are too. `utc` reads the date's UTC fields (a day number's date), else the reader's
 * local ones. A test holds each style equal to Intl's.
 */
export function englishDate(date: Date, style: EnglishDateStyle, { utc = false } = {}): string {
  const weekday = WEEKDAY_NAMES[utc ? date.getUTCDay() : date.getDay()] ?? '';
  if (style === 'weekday') return weekday.slice(0, 3);
  const month = MONTH_NAMES[utc ? date.getUTCMonth() : date.getMonth()] ?? '';
  const day = utc ? date.getUTCDate() : date.getDate();
  if (style === 'monthDay') return `${month} ${day}`;
  if (style === 'short') return `${weekday.slice(0, 3)}, ${month.slice(0, 3)} ${day}`;
  return `${weekday}, ${month} ${day}`;
}
