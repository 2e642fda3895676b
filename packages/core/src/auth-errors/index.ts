export { authErrorMessage, normaliseAuthErrorCode } from './auth-error-message';
export { AUTH_ERROR_FALLBACK, authErrorCodes, authErrorMessages } from './messages';
