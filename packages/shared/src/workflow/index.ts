export * from './api.js';
export * from './conditions.js';
export * from './entrust.js';
export * from './flowJson.js';
