export * from './permission.js';
export * from './system.js';
