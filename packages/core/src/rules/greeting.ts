import { AFTERNOON_FROM_HOUR, EVENING_FROM_HOUR, GREETING_NAME_MAX_LENGTH } from '../constants/limits';

/**
 * The home page salutation for `now` (its local hour). A name longer than 10 characters gets a
 * plain 'Hello', so long names still fit on one line beside the greeting.
 */
export function greeting(now: Date, name: string): string {
  if (name.length > GREETING_NAME_MAX_LENGTH) return 'Hello';
  const hour = now.getHours();
  if (hour >= EVENING_FROM_HOUR) return 'Good evening';
  if (hour >= AFTERNOON_FROM_HOUR) return 'Good afternoon';
  return 'Good morning';
}

/**
 * The name to greet: the display name, else the e-mail's local part with its first letter
 * capitalised. A display name that is only the local part came from the e-mail too (some sign-ins
 * fill a missing name with it, and accounts made that way keep it), so it is capitalised the same.
 */
export function displayName(name?: string | null, email?: string | null): string {
  const localPart = email?.split('@')[0]?.trim() ?? '';
  const trimmed = name?.trim();
  if (trimmed && trimmed !== localPart) return trimmed;
  return capitalise(trimmed || localPart);
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
