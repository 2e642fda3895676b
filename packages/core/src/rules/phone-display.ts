// Country calling codes are prefix-free (ITU E.164): these one- and two-digit codes are all that
// are shorter than three digits, so the rest of a number's first three digits is its code.
const ONE_DIGIT_CODES = new Set(['1', '7']);
const TWO_DIGIT_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

const countryCodeOf = (digits: string): string => {
  if (ONE_DIGIT_CODES.has(digits.slice(0, 1))) return digits.slice(0, 1);
  if (TWO_DIGIT_CODES.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
};

/** The national number in groups of three, the last group four when that avoids a lone digit. */
const grouped = (national: string): string => {
  const groups: string[] = [];
  let rest = national;
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  groups.push(rest);
  return groups.join(' ');
};

/**
 * A stored E.164 number ('+12025550305') as people write it: '+1 202-555-0305' for the
 * North American plan, else the country code and the number in short groups
 * ('+447700900123' → '+44 770 090 0123'). Anything that is not E.164 is shown as it is. Small on
 * purpose, so pages without the phone field show a number without its metadata.
 */
export function formatPhoneForDisplay(phoneNumber: string): string {
  const match = /^\+(\d{8,15})$/.exec(phoneNumber.trim());
  if (!match?.[1]) return phoneNumber;
  const digits = match[1];
  const code = countryCodeOf(digits);
  const national = digits.slice(code.length);
  if (code === '1' && national.length === 10) {
    return `+1 ${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
  }
  return `+${code} ${grouped(national)}`;
}
