import metadataJson from 'libphonenumber-js/metadata.min.json';
import type { Metadata } from 'react-phone-number-input';

// Every country's phone metadata (libphonenumber-js's 'min' set) and the English country names:
// what the phone field needs beyond a United States number. Its own chunk, loaded by phoneData.ts.
export { default as labels } from 'react-phone-number-input/locale/en.json';
export const metadata = metadataJson as unknown as Metadata;
