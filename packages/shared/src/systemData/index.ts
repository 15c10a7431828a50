export * from './dataInterface.js';
export * from './dataModel.js';
export * from './dataSource.js';
export * from './dataSync.js';
