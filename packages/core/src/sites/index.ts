export * from './identity';
export * from './messages';
export * from './popular';
