import { brand } from '../brand';
import { PERSONAL_DATA } from './inventory';
import { LEGAL_PATHS } from './paths';

/** The header of a person's data export: what the file is, and what each table holds and why. */
export interface ExportReadme {
  about: string;
  privacyPolicy: string;
  tables: Record<string, string>;
}

/**
 * Reads the export like the privacy policy reads the data: each table is described by the kind of
 * personal data it belongs to (inventory.ts), so the file and the policy cannot say different things.
 */
export function exportReadme(tables: readonly string[], origin: string): ExportReadme {
  const kindOf = (table: string) => PERSONAL_DATA.find((kind) => kind.tables.includes(table));
  return {
    about: `A copy of everything ${brand.name} keeps about you. "data" has one list per table of our database, one entry per row, with dates in UTC (ISO 8601). Sign-in tokens, codes and unsubscribe keys are left out: they are keys, not information about you. Questions: ${brand.supportEmail}.`,
    privacyPolicy: `${origin}${LEGAL_PATHS.privacy}`,
    tables: Object.fromEntries(
      tables.map((table) => {
        const kind = kindOf(table);
        return [table, kind ? `${kind.name}: ${kind.what} Why: ${kind.why}` : 'Data about you.'];
      }),
    ),
  };
}
