export * from './payment-arguments.js';
export * from './tool-definitions.js';
