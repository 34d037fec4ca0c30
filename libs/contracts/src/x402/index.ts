export * from './reference-data.js';
export * from './request-rules.js';
export * from './envelope.js';
export * from './protocol.js';
export * from './schema-change.js';
