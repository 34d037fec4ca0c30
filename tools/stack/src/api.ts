// @paysight/stack/api: the layers that start the API (and so load @paysight/api).
export { startStackApi, type StackApiOptions } from './api-service.js';
export { startEmbeddedStack, type EmbeddedStack, type EmbeddedStackOptions } from './embedded.js';
export type { ApiService } from '@paysight/api';
