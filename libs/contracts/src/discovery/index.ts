export * from './addresses.js';
export * from './recommend.js';
