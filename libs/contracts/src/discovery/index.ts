export * from './addresses.js';
export * from './recommend.js';
export * from './documents.js';
export * from './workflows.js';
