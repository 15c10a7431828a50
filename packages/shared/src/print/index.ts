export * from './api.js';
export * from './template.js';
