import { A2A_AGENT_CARD_FIELDS, A2A_X402_EXTENSION_URI_PREFIX, type ProfileSource } from '@paysight/contracts';
import { a2aCardVersion } from '../a2a-card.js';
import { AMT, ND, isJsonObject, pathOf, textOf, type JsonObject } from '../helpers.js';

/** One operation as one source states it (values normalized; null where the source is silent). */
export interface SourceOperation {
  source: ProfileSource;
  op_key: string;
  path: string | null;
  method: string | null;
  price: string | null;
  currency: string | null;
  network: string | null;
  receiver: string | null;
  mcp_name: string | null;
  a2a_skill_id: string | null;
}

/** What one document gave: whether it parsed, its operations, display name and protocols, and flags. */
export interface SourceReading {
  parsed: boolean;
  operations: SourceOperation[];
  displayNames: string[];
  protocols: string[];
  flags: string[];
}

const objects = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isJsonObject) : []);
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** op_key: lowercase, "-" → "_", `svc_` then `x402_` stripped (so tx_status, svc_tx_status and svc_x402_tx_status line up with x402_tx_status). */
export function opKey(raw: string): string {
  return raw
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[-\s.]+/g, '_')
    .replace(/^svc_/, '')
    .replace(/^x402_/, '');
}

const lastSegment = (path: string) => path.replace(/\/+$/, '').split('/').pop() ?? '';

interface Money {
  price: string | null;
  currency: string | null;
  network: string | null;
  receiver: string | null;
}

/** A price object {amount|price, currency|asset, x402Network|network, payTo|pay_to|receiver} or a bare price ("0.01", "$0.01"). */
function moneyOf(price: unknown, flags: string[]): Money {
  const money: Money = { price: null, currency: null, network: null, receiver: null };
  const amount = isJsonObject(price) ? textOf(price.amount ?? price.price) : textOf(price);
  if (amount !== null) {
    money.price = AMT.canonical(amount.replace(/^\$/, ''));
    if (money.price === null) flags.push('unparseable_price');
    else if (!isJsonObject(price) && amount.startsWith('$')) money.currency = 'USD';
  }
  if (!isJsonObject(price)) return money;
  const currency = textOf(price.currency ?? price.asset);
  if (currency !== null) money.currency = EVM_ADDRESS.test(currency) ? currency.toLowerCase() : currency.toUpperCase();
  const network = textOf(price.x402Network ?? price.network);
  if (network !== null) {
    const nd = ND(network);
    if (!nd.known) flags.push('unknown_network');
    money.network = nd.network;
  }
  const receiver = textOf(price.payTo ?? price.pay_to ?? price.receiver);
  if (receiver !== null) money.receiver = EVM_ADDRESS.test(receiver) ? receiver.toLowerCase() : receiver;
  return money;
}

function operation(source: ProfileSource, key: string, fields: Partial<Omit<SourceOperation, 'source' | 'op_key'>>): SourceOperation {
  return { source, op_key: opKey(key), path: null, method: null, price: null, currency: null, network: null, receiver: null, mcp_name: null, a2a_skill_id: null, ...fields };
}

const merged = (entry: Money, top: Money): Money => ({ price: entry.price ?? top.price, currency: entry.currency ?? top.currency, network: entry.network ?? top.network, receiver: entry.receiver ?? top.receiver });

/** x402 manifest: tools[] and resources[] with id, path/endpoint/url, method, price (object or bare) and payTo next to or inside the price. */
export function readManifest(doc: JsonObject): SourceReading {
  const flags: string[] = [];
  const lists = [...objects(doc.tools), ...objects(doc.resources)];
  const parsed = Array.isArray(doc.tools) || Array.isArray(doc.resources);
  const operations: SourceOperation[] = [];
  for (const entry of lists) {
    const location = textOf(entry.path ?? entry.endpoint ?? entry.url ?? entry.resource);
    const path = location === null ? null : pathOf(location);
    const id = textOf(entry.id) ?? (path === null ? null : lastSegment(path));
    if (id === null) continue;
    const money = merged(moneyOf(entry.price, flags), moneyOf({ network: entry.network, payTo: entry.payTo ?? entry.pay_to, currency: entry.currency }, flags));
    operations.push(operation('x402_manifest', id, { path, method: textOf(entry.method)?.toUpperCase() ?? null, ...money, mcp_name: textOf(entry.mcpName ?? entry.mcp_name) }));
  }
  const name = textOf(doc.name);
  return { parsed, operations, displayNames: name === null ? [] : [name], protocols: parsed ? ['x402', 'rest'] : [], flags };
}

/** MCP tools/list result: name, _meta.x402ToolId, _meta.x402Endpoint, _meta.price. */
export function readMcpTools(doc: JsonObject): SourceReading {
  const flags: string[] = [];
  const parsed = Array.isArray(doc.tools);
  const operations: SourceOperation[] = [];
  let paid = false;
  for (const tool of objects(doc.tools)) {
    const name = textOf(tool.name);
    if (name === null) continue;
    const meta = isJsonObject(tool._meta) ? tool._meta : {};
    const endpoint = textOf(meta.x402Endpoint);
    if (meta.x402Required === true || meta.price !== undefined) paid = true;
    operations.push(operation('mcp_tools', textOf(meta.x402ToolId) ?? name, { path: endpoint === null ? null : pathOf(endpoint), ...moneyOf(meta.price, flags), mcp_name: name }));
  }
  return { parsed, operations, displayNames: [], protocols: parsed ? (paid ? ['mcp', 'x402'] : ['mcp']) : [], flags };
}

/**
 * A2A AgentCard (v0.3 or v1.0 by A2A_AGENT_CARD_FIELDS): skills as operations, the name, and the
 * x402 extension. The a2a-x402 extension declares no price params, so the card states no prices.
 */
export function readAgentCard(card: JsonObject): SourceReading {
  const flags: string[] = [];
  const version = a2aCardVersion(card);
  if (version === null) flags.push('a2a_card_version_unknown');
  const map = A2A_AGENT_CARD_FIELDS[version ?? '1.0'];
  const missing = map.required.filter((key) => card[key] === undefined);
  if (version !== null && missing.length > 0) flags.push('a2a_card_incomplete');
  const parsed = Array.isArray(card[map.fields.skills]);
  const operations: SourceOperation[] = [];
  for (const skill of objects(card[map.fields.skills])) {
    const id = textOf(skill[map.skill.id]);
    if (id !== null) operations.push(operation('a2a_agent_card', id, { a2a_skill_id: id }));
  }
  const capabilities = isJsonObject(card.capabilities) ? card.capabilities : {};
  const x402 = objects(capabilities[map.fields.extensions]).some((ext) => textOf(ext[map.extension.uri])?.startsWith(A2A_X402_EXTENSION_URI_PREFIX) === true);
  const name = textOf(card[map.fields.name]);
  return { parsed, operations, displayNames: name === null ? [] : [name], protocols: parsed ? (x402 ? ['a2a', 'x402'] : ['a2a']) : [], flags };
}

const OPENAPI_PRICE_EXTENSIONS = ['x-x402', 'x-payment', 'x-price'] as const;

/** OpenAPI: every operation under paths, its operationId (snake-cased) or last path segment, and its x-x402 / x-payment / x-price. */
export function readOpenApi(doc: JsonObject): SourceReading {
  const flags: string[] = [];
  const parsed = isJsonObject(doc.paths);
  const operations: SourceOperation[] = [];
  let priced = false;
  for (const [path, item] of Object.entries(parsed ? (doc.paths as JsonObject) : {})) {
    if (!isJsonObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isJsonObject(op)) continue;
      const extension = OPENAPI_PRICE_EXTENSIONS.find((key) => op[key] !== undefined);
      if (extension) priced = true;
      const money = extension ? moneyOf(op[extension], flags) : { price: null, currency: null, network: null, receiver: null };
      operations.push(operation('openapi', textOf(op.operationId) ?? lastSegment(path), { path, method: method.toUpperCase(), ...money }));
    }
  }
  const title = isJsonObject(doc.info) ? textOf(doc.info.title) : null;
  return { parsed, operations, displayNames: title === null ? [] : [title], protocols: parsed ? (priced ? ['rest', 'x402'] : ['rest']) : [], flags };
}

/** A root-relative path not inside a URL (not after a host character, ":" or "/"). */
const LLMS_PATH = /(?<![\w.:/-])(\/[A-Za-z0-9][A-Za-z0-9._~\-/]*)/;
const LLMS_PRICE = /\(\s*\$?(\d+(?:\.\d+)?)\s*USDC\s*\)/i;

/** llms.txt: the first "# " line names the service; every line with a root-relative path is an operation, priced by "(n USDC)". */
export function readLlmsTxt(body: string): SourceReading {
  const flags: string[] = [];
  const operations: SourceOperation[] = [];
  const lines = body.split(/\r?\n/);
  const title = lines.find((line) => /^#\s+\S/.test(line));
  for (const line of lines) {
    const path = LLMS_PATH.exec(line)?.[1];
    if (path === undefined) continue;
    const clean = path.replace(/[.)]+$/, '');
    const price = LLMS_PRICE.exec(line)?.[1];
    const canonical = price === undefined ? null : AMT.canonical(price);
    if (price !== undefined && canonical === null) flags.push('unparseable_price');
    operations.push(operation('llms_txt', lastSegment(clean), { path: clean, price: canonical, currency: canonical === null ? null : 'USDC' }));
  }
  const parsed = body.trim() !== '';
  return { parsed, operations, displayNames: title === undefined ? [] : [title.replace(/^#\s+/, '').trim()], protocols: [], flags };
}
