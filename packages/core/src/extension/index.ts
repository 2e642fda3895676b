export * from './message-schemas';
export * from './messages';
