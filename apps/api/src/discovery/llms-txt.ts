import { CATALOG, PAYMENT, SERVICE_NAME, TOOL_FAMILIES, TOOL_FAMILY_INFO, type CatalogEntry, type DiscoveryAddress } from '@paysight/contracts';
import { DISCOVERY_DESCRIPTIONS, discoveryUrls } from './addresses.js';
import { SAFETY_RULES, serviceDescription } from './manifest.js';

export interface LlmsTxtInput {
  baseUrl: string;
  agentDiscovery: boolean;
  /** MCP names the server lists; a tool it does not list (trust tools with MCP_TRUST_TOOLS off) says so. */
  mcpToolNames: readonly string[];
  catalog?: readonly CatalogEntry[];
}

/** The free addresses in the order a reader needs them (every address but llms.txt itself; a test checks none is missing). */
const FREE_ADDRESS_ORDER: readonly DiscoveryAddress[] = ['manifest', 'ai', 'openapi', 'mcp', 'mcpEndpoint', 'x402', 'recommend', 'workflows', 'agentsPage', 'health'];

export const X402_PROTOCOL_URL = 'https://x402.org';

/** One tool line: `- [title](endpoint): description. Price X USDC. MCP name`. */
export function llmsToolLine(entry: CatalogEntry, baseUrl: string, onMcp: boolean): string {
  const description = entry.description.replace(/\s+/g, ' ').trim().replace(/\.?$/, '.');
  const mcp = onMcp ? `MCP \`${entry.mcpName}\`` : `MCP \`${entry.mcpName}\` (not listed by this server)`;
  return `- [${entry.title}](${baseUrl}${entry.path}): ${description} Price ${entry.price} ${PAYMENT.currency}. ${mcp}`;
}

/** The llms.txt index (llmstxt.org): H1, a blockquote summary, then sections of links. Every tool comes from the catalog. */
export function buildLlmsTxt(input: LlmsTxtInput): string {
  const { baseUrl, catalog = CATALOG } = input;
  const urls = discoveryUrls(baseUrl, input.agentDiscovery);
  const link = (name: DiscoveryAddress) => `[${DISCOVERY_DESCRIPTIONS[name].title}](${urls[name]})`;
  const listed = new Set(input.mcpToolNames);
  const lines: string[] = [
    `# ${SERVICE_NAME}`,
    '',
    `> ${serviceDescription(catalog)} No account and no API key: the payment is the access.`,
    '',
    `Each tool is \`POST\` with a JSON body at a fixed price in ${PAYMENT.currency} on Base (\`${PAYMENT.network}\`), and also an MCP tool at ${urls.mcpEndpoint}.`,
    '',
    '## How to pay',
    '',
    `- [x402](${X402_PROTOCOL_URL}): the payment protocol. Call a tool without payment and it answers 402 with exactly one offer (scheme \`${PAYMENT.scheme}\`, network \`${PAYMENT.network}\`, the tool's price in ${PAYMENT.currency}). Sign it with an x402 client and send the same request again with the signed payment header (\`PAYMENT-SIGNATURE\`, or \`X-PAYMENT\` for x402 v1). The answer is 200 with the result and the settlement receipt.`,
    `- ${link('x402')}: ${DISCOVERY_DESCRIPTIONS.x402.description}.`,
    '- Invalid input is refused with 400 before any payment is asked for; a call that fails is not charged; one payment pays for one call.',
    '',
    '## Rules',
    '',
    ...SAFETY_RULES.map((rule) => `- ${rule}`),
    '',
    '## Free addresses',
    '',
    ...FREE_ADDRESS_ORDER.filter((name) => urls[name] !== undefined).map((name) => `- ${link(name)}: ${DISCOVERY_DESCRIPTIONS[name].description}.`),
  ];
  for (const family of TOOL_FAMILIES) {
    const entries = catalog.filter((entry) => entry.family === family);
    if (entries.length === 0) continue;
    lines.push('', `## ${TOOL_FAMILY_INFO[family].title}`, '', ...entries.map((entry) => llmsToolLine(entry, baseUrl, listed.has(entry.mcpName))));
  }
  return `${lines.join('\n')}\n`;
}
