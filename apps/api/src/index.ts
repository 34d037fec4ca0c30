export { createApp, createRequestListener, createServing, MCP_PATH, SERVICE_VERSION, type ApiDeps, type Serving } from './app.js';
export { apiConfig, loadAiConfig, loadApiConfig, ConfigError, DEVNET_RECEIPT_SIGNING_KEY, type ApiConfig } from './config.js';
export { startApiService, type ApiService } from './compose.js';
export { listen, type RunningServer } from './server.js';
export { jsonLogger, silentLogger, type Logger } from './http/logger.js';
export { createOpenAiCompatibleNarrator, validateSections, type OpenAiCompatibleConfig } from './narration/index.js';
export { loadServiceConfiguration, type ServiceConfiguration } from './service-config.js';
