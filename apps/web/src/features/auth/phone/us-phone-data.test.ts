import metadata from 'libphonenumber-js/metadata.min.json';
import labels from 'react-phone-number-input/locale/en.json';
import { describe, expect, it } from 'vitest';
import { US_LABELS, US_METADATA } from './us-phone-data';

// The field's first data is a copy of part of the libraries' own: after an upgrade of
// libphonenumber-js or react-phone-number-input, paste the expected values shown here.
describe('the United States phone data the field starts with', () => {
  it("is the United States' entry of the installed 'min' metadata, alone under +1", () => {
    expect(US_METADATA).toEqual({
      version: metadata.version,
      country_calling_codes: { 1: ['US'] },
      countries: { US: metadata.countries.US },
      nonGeographic: {},
    });
  });

  it("is the installed English labels' for the field, the United States and International", () => {
    const keys = ['ext', 'country', 'phone', 'US', 'ZZ'] as const;
    expect(US_LABELS).toEqual(Object.fromEntries(keys.map((key) => [key, labels[key]])));
  });
});
