import { type AccountExport, accountExportFileName } from '@stillpoint/core';

/** Saves the export as a JSON file through a temporary link, as a download the browser names. */
export function saveAccountExport(data: AccountExport, now: Date = new Date()): string {
  const fileName = accountExportFileName(now);
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the file to the browser's download, not before.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}
