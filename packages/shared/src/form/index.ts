export * from './expression.js';
export * from './keys.js';
export * from './samples.js';
export * from './schema.js';
export * from './values.js';
