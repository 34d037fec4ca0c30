export * from './reference-data.js';
export * from './request-rules.js';
export * from './envelope.js';
export * from './protocol.js';
export * from './mcp.js';
export * from './a2a.js';
export * from './authored-lists.js';
