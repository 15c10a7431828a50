export * from './dataModel.js';
