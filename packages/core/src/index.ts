export * from './api';
export * from './auth-errors';
export * from './brand';
export * from './constants';
export * from './environments';
export * from './extension';
export * from './rules';
export * from './validation';
