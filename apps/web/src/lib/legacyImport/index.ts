export { clearExtensionLegacyData, importLegacyData, type LegacyImportOutcome } from './importLegacyData';
export { LegacyDataImport } from './LegacyDataImport';
export { useLegacyDataImport } from './useLegacyDataImport';
