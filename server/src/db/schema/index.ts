export * from './extend.js';
export * from './dataLinks.js';
export * from './knowledge.js';
export * from './message.js';
export * from './permission.js';
export * from './system.js';
export * from './systemData.js';
export * from './user-extras.js';
