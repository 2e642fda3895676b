import { EMAIL_DOMAIN_LABEL_MAX_LENGTH } from '../constants/limits';

const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const HOST_NAME_MAX_LENGTH = 253;

/** One label of a host name: ASCII letters, digits and inner hyphens, 1 to 63 characters. */
export const isValidHostLabel = (label: string): boolean =>
  label.length <= EMAIL_DOMAIN_LABEL_MAX_LENGTH && HOST_LABEL.test(label);

/** At least two valid labels (a dot), or 'localhost'. */
export function isValidHostName(host: string): boolean {
  if (host === 'localhost') return true;
  const labels = host.split('.');
  return host.length <= HOST_NAME_MAX_LENGTH && labels.length >= 2 && labels.every(isValidHostLabel);
}
