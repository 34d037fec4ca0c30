export * from './fit-result.js';
export * from './payment-arguments.js';
export * from './tool-definitions.js';
