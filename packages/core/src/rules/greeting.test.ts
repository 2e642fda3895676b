import { describe, expect, it } from 'vitest';
import { displayName, greeting } from './greeting';

// Local-time constructors: greeting reads the hour in the machine's own time zone.
const at = (hours: number, minutes = 0, seconds = 0) => new Date(2024, 5, 1, hours, minutes, seconds);

describe('greeting', () => {
  it('says Good morning from midnight until 11:59:59', () => {
    expect(greeting(at(0), 'Sam')).toBe('Good morning');
    expect(greeting(at(11, 59), 'Sam')).toBe('Good morning');
    expect(greeting(at(11, 59, 59), 'Sam')).toBe('Good morning');
  });

  it('says Good afternoon from 12:00 until 17:59:59', () => {
    expect(greeting(at(12), 'Sam')).toBe('Good afternoon');
    expect(greeting(at(17, 59), 'Sam')).toBe('Good afternoon');
    expect(greeting(at(17, 59, 59), 'Sam')).toBe('Good afternoon');
  });

  it('says Good evening from 18:00 until midnight', () => {
    expect(greeting(at(18), 'Sam')).toBe('Good evening');
    expect(greeting(at(23, 59, 59), 'Sam')).toBe('Good evening');
  });

  it('keeps the time greeting for a 10-character name and says Hello for 11', () => {
    expect(greeting(at(9), 'Alexandria')).toBe('Good morning');
    expect(greeting(at(9), 'Alexandrina')).toBe('Hello');
    expect(greeting(at(20), 'Alexandrina')).toBe('Hello');
  });
});

describe('displayName', () => {
  it('prefers the display name', () => {
    expect(displayName('Sam Lee', 'sam@example.com')).toBe('Sam Lee');
  });

  it('falls back to the capitalised local part of the e-mail', () => {
    expect(displayName(undefined, 'sam.lee@example.com')).toBe('Sam.lee');
    expect(displayName('', 'sam@example.com')).toBe('Sam');
    expect(displayName('   ', 'sam@example.com')).toBe('Sam');
    expect(displayName(null, 'Sam@example.com')).toBe('Sam');
  });

  it('capitalises a name that is only the e-mail local part, as a sign-in without a name sets it', () => {
    expect(displayName('sam', 'sam@example.com')).toBe('Sam');
    expect(displayName(' sam ', 'sam@example.com')).toBe('Sam');
    expect(displayName('sam.lee', 'sam.lee@example.com')).toBe('Sam.lee');
  });

  it('keeps a chosen name as written, even in lower case', () => {
    expect(displayName('sam', 'jordan@example.com')).toBe('sam');
    expect(displayName('sam', null)).toBe('sam');
    expect(displayName('de Vries', 'devries@example.com')).toBe('de Vries');
  });

  it('is empty with neither', () => {
    expect(displayName()).toBe('');
    expect(displayName(null, null)).toBe('');
  });
});
