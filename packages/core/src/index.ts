export * from './api';
export * from './brand';
