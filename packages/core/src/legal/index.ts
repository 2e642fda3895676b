export * from './export-readme';
export * from './inline';
export * from './inventory';
export * from './paths';
export * from './privacy';
export * from './processors';
export * from './terms';
export * from './types';
