export * from './template.js';
