import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../constants/limits';
import { isValidHostLabel } from './host';

// Dot-separated atoms of the characters RFC 5322 allows unquoted (no leading, trailing or double dots).
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/**
 * SPEC §5 e-mail check: non-empty, at most 254 characters, local part at most 64, a domain of at
 * least two labels of at most 63 each, and a top-level label that is not all digits.
 */
export function isValidEmail(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  const localPart = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (at < 1 || localPart.length > EMAIL_LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(localPart)) return false;
  const labels = domain.split('.');
  const topLevel = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every(isValidHostLabel) && /[A-Za-z]/.test(topLevel);
}
