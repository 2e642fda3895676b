import { useLegacyDataImport } from './useLegacyDataImport';

/** Mounted once in the signed-in layout; shows nothing (see useLegacyDataImport). */
export function LegacyDataImport() {
  useLegacyDataImport();
  return null;
}
