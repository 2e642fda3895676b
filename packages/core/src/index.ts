export * from './api';
export * from './brand';
export * from './constants';
export * from './environments';
export * from './rules';
export * from './validation';
