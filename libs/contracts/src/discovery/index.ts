export * from './addresses.js';
export * from './recommend.js';
export * from './documents.js';
