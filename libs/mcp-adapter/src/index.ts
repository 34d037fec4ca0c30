export * from './payment-arguments.js';
export * from './result-wrapper.js';
export * from './tool-definitions.js';
