export * from './sites';
export * from './subscribers';
