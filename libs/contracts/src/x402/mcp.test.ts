import { MCP_ELICITATION_SENSITIVE, MCP_MCPB_RELEASE_URLS, MCP_REGISTRY_BASE_URLS, MCP_REGISTRY_TYPES, MCP_SERVER_JSON_RULES } from './mcp.js';

describe('MCP registry and elicitation reference data', () => {
  it('server.json names: one slash, 3 to 200 characters of the allowed charset', () => {
    const { pattern } = MCP_SERVER_JSON_RULES.name;
    expect(pattern.test('io.github.acme/weather')).toBe(true);
    expect(pattern.test('io.github.acme/weather/extra')).toBe(false);
    expect(pattern.test('weather')).toBe(false);
  });

  it('version ranges are recognised, specific versions are not', () => {
    const { range } = MCP_SERVER_JSON_RULES.version;
    expect(['^1.3.0', '~1.2.3', '>=1.2.3', '1.x', '1.*', '1 || 2', '1.2.3 - 2.0.0'].every((v) => range.test(v))).toBe(true);
    expect(['1.3.0', '2.1.0-alpha', '0.0.1+build.5', '2024.11.28'].some((v) => range.test(v))).toBe(false);
  });

  it('every registry type has an allow list of https base URLs; mcpb needs a release download', () => {
    for (const type of MCP_REGISTRY_TYPES) expect(MCP_REGISTRY_BASE_URLS[type].every((url) => url.startsWith('https://'))).toBe(true);
    expect(MCP_MCPB_RELEASE_URLS.some((p) => p.test('https://github.com/acme/weather/releases/download/v1.3.0/weather.mcpb'))).toBe(true);
    expect(MCP_MCPB_RELEASE_URLS.some((p) => p.test('https://github.com/acme/weather/blob/main/weather.mcpb'))).toBe(false);
  });

  it('sensitive form fields: credentials and payment data, not ordinary fields', () => {
    expect(['password', 'api_key', 'card_number', 'cvv', 'seed phrase', 'Payment credential'].every((t) => MCP_ELICITATION_SENSITIVE.test(t))).toBe(true);
    expect(['confirm_purchase', 'email', 'quantity'].some((t) => MCP_ELICITATION_SENSITIVE.test(t))).toBe(false);
  });
});
