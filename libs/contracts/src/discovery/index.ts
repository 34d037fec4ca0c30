export * from './addresses.js';
export * from './recommend.js';
export * from './workflows.js';
