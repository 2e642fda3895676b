export * from './actions';
export { ExtensionMissingError, ExtensionReplyError, extensionId, sendExtensionMessage } from './bridge';
