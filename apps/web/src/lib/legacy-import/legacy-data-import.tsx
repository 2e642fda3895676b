import { useLegacyDataImport } from './use-legacy-data-import';

/** Mounted once in the signed-in layout; shows nothing (see useLegacyDataImport). */
export function LegacyDataImport() {
  useLegacyDataImport();
  return null;
}
