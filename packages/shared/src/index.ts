export * from './current.js';
export * from './enums.js';
export * from './envelope.js';
export * from './format.js';
export * from './oauth.js';
export * from './patterns.js';
export * from './system.js';
