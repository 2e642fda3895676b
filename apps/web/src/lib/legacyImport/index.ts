// The import itself (`importLegacyData`) is loaded when it runs, so it is not exported here.
export type { LegacyImportOutcome } from './importLegacyData';
export { LegacyDataImport } from './LegacyDataImport';
export { useLegacyDataImport } from './useLegacyDataImport';
