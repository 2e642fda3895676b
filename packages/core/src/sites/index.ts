export * from './display-name';
export * from './identity';
export * from './messages';
export * from './popular';
