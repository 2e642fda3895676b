/** A backup or restore that cannot go ahead; the message tells the operator what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}
