export * from './apps';
export * from './greeting';
export * from './intercept';
export * from './prices';
export * from './sessions';
export * from './signin-redirect';
export * from './subscription';
export * from './time';
