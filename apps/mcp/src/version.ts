import packageJson from '../package.json' with { type: 'json' };

/** The version this app reports to MCP peers (clientInfo / serverInfo). */
export const APP_VERSION: string = packageJson.version;
