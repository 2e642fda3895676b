export * from './budget';
export * from './card';
export * from './codes';
export * from './email';
export * from './gift';
export * from './host';
export * from './site';
export * from './text';
