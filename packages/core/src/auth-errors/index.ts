export { authErrorMessage, normaliseAuthErrorCode } from './authErrorMessage';
export { AUTH_ERROR_FALLBACK, authErrorCodes, authErrorMessages } from './messages';
