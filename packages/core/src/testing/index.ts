export * from './brand-spelling';
export * from './sites';
export * from './subscribers';
