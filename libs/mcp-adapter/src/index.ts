export * from './fit-result.js';
export * from './payment-arguments.js';
export * from './tool-definitions.js';
export * from './toolsets.js';
export * from './find-tools.js';
export * from './call-result.js';
export * from './tool-server.js';
export * from './http-handler.js';
