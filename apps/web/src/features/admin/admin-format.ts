import { formatPhoneForDisplay } from '@stillpoint/core';

// The viewer's own locale: a support person reads dates as their browser writes them.
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An ISO time as the viewer writes a date and time; anything unreadable is shown as it came. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** How the console names a person: their number, else their address, else their user id. */
export function personName(person: {
  uid: string;
  phoneNumber: string | null;
  email: string | null;
}): string {
  if (person.phoneNumber) return formatPhoneForDisplay(person.phoneNumber);
  return person.email ?? person.uid;
}

const signInMethodLabels: Record<string, string> = {
  PHONE_NUMBER: 'Phone number',
  GOOGLE: 'Google',
  APPLE: 'Apple',
};

export const signInMethodLabel = (method: string): string => signInMethodLabels[method] ?? method;
