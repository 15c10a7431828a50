export * from './keys.js';
export * from './schema.js';
