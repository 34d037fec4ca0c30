// @paysight/stack: the local services (layer a) and the devnet file. Loads no app: the API-starting
// layers are in @paysight/stack/api.
export { startLocalServices, type LocalServices, type LocalServicesInfo, type LocalServicesOptions } from './services.js';
export { EMBEDDED_DEFAULTS } from './embedded-defaults.js';
export { DEFAULT_DATA_DIR, DEVNET_FILE, DEVNET_KEY_WARNING, devnetFile, devnetFilePath, readDevnetFile, writeDevnetFile, type DevnetFile } from './devnet-file.js';
