export { answerBackupRequests } from './answer-requests';
export { type BackupResult, backUpDatabase } from './back-up';
export { BackupError } from './errors';
export { defaultBackupFile } from './files';
export { type RestoreResult, restoreDatabase } from './restore';
