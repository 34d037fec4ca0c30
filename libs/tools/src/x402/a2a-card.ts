import { A2A_AGENT_CARD_FIELDS, A2A_CARD_VERSION_MARKERS, A2A_X402_EXTENSION_PARAMS, A2A_X402_EXTENSION_URI_PREFIX, type A2aCardFieldMap, type A2aCardVersion } from '@paysight/contracts';
import { AMT, isJsonObject, pointer, textOf, type JsonObject } from './helpers.js';
import { X402P, type X402POffer } from './x402p.js';

/**
 * Reading an A2A AgentCard (v0.3 or v1.0, field names from A2A_AGENT_CARD_FIELDS) for the tools that
 * take cards: its version, endpoints, skills and a2a-x402 extension. Free-form input: anything of the
 * wrong type reads as absent. Pointers are relative to the card (prefix them with the card's own).
 */

export const objectsOf = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isJsonObject) : []);
const textsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(textOf).filter((t) => t !== null) : []);

/** The card's version by the members only one version has; null when it shows neither. */
export function a2aCardVersion(card: JsonObject): A2aCardVersion | null {
  if (A2A_CARD_VERSION_MARKERS['1.0'].some((key) => card[key] !== undefined)) return '1.0';
  if (A2A_CARD_VERSION_MARKERS['0.3'].some((key) => card[key] !== undefined)) return '0.3';
  return null;
}

/** The field map to read a card with: its version's, or v1.0's when the version is unknown. */
export const cardFieldMap = (card: JsonObject): A2aCardFieldMap => A2A_AGENT_CARD_FIELDS[a2aCardVersion(card) ?? '1.0'];

export interface CardEndpoint {
  url: string;
  pointer: string;
}

/** Every endpoint URL of the card: v0.3's main url and additionalInterfaces, v1.0's supportedInterfaces. */
export function cardEndpoints(card: JsonObject): CardEndpoint[] {
  const map = cardFieldMap(card);
  const endpoints: CardEndpoint[] = [];
  const main = map.fields.mainUrl === null ? null : textOf(card[map.fields.mainUrl]);
  if (main !== null) endpoints.push({ url: main, pointer: pointer(map.fields.mainUrl!) });
  const list = card[map.fields.interfaces];
  for (const [i, entry] of (Array.isArray(list) ? list : []).entries()) {
    const url = isJsonObject(entry) ? textOf(entry.url) : null;
    if (url !== null) endpoints.push({ url, pointer: pointer(map.fields.interfaces, i, 'url') });
  }
  return endpoints;
}

export interface CardSkill {
  /** Index in the card's skills[]. */
  index: number;
  id: string | null;
  name: string | null;
  description: string | null;
  tags: string[];
  examples: string[];
  /** The skill's own modes, null when it states none (the card's defaults apply). */
  inputModes: string[] | null;
  outputModes: string[] | null;
  pointer: string;
}

const modesOf = (value: unknown): string[] | null => (Array.isArray(value) ? textsOf(value) : null);

/** The card's skills, in order, objects only. */
export function cardSkills(card: JsonObject): CardSkill[] {
  const map = cardFieldMap(card);
  const list = card[map.fields.skills];
  const skills: CardSkill[] = [];
  for (const [index, skill] of (Array.isArray(list) ? list : []).entries()) {
    if (!isJsonObject(skill)) continue;
    skills.push({
      index,
      id: textOf(skill[map.skill.id]),
      name: textOf(skill[map.skill.name]),
      description: textOf(skill[map.skill.description]),
      tags: textsOf(skill[map.skill.tags]),
      examples: textsOf(skill[map.skill.examples]),
      inputModes: modesOf(skill[map.skill.inputModes]),
      outputModes: modesOf(skill[map.skill.outputModes]),
      pointer: pointer(map.fields.skills, index),
    });
  }
  return skills;
}

/** The card's default input and output modes. */
export function cardDefaultModes(card: JsonObject): { input: string[]; output: string[] } {
  const map = cardFieldMap(card);
  return { input: textsOf(card[map.fields.defaultInputModes]), output: textsOf(card[map.fields.defaultOutputModes]) };
}

/** A payment method the extension names: scheme, network and asset as written (null when unstated). */
export interface ExtensionMethod {
  scheme: string | null;
  network: string;
  asset: string | null;
  pointer: string;
}

export interface CardX402Extension {
  pointer: string;
  /** The declared price per call (canonical decimal), from params.price or the cheapest USDC offer in params.accepts; null when none. */
  price: string | null;
  methods: ExtensionMethod[];
}

function priceOf(value: unknown): string | null {
  const amount = isJsonObject(value) ? textOf(value.amount) : textOf(value);
  return amount === null ? null : AMT.canonical(amount.replace(/^\$/, ''));
}

const cheapest = (decimals: (string | null)[]): string | null =>
  decimals.reduce<string | null>((low, d) => (d === null ? low : low === null || AMT.toAtomic(d)! < AMT.toAtomic(low)! ? d : low), null);

function acceptedMethods(offers: readonly X402POffer[], base: string): ExtensionMethod[] {
  return offers.filter((o) => o.network !== null).map((o) => ({ scheme: o.scheme, network: o.network!, asset: o.asset, pointer: `${base}/${o.index}` }));
}

function flatMethods(params: JsonObject, base: string): ExtensionMethod[] {
  const P = A2A_X402_EXTENSION_PARAMS;
  const scheme = textOf(params[P.scheme]);
  const asset = textOf(params[P.asset]) ?? textOf(params[P.currency]);
  const single = textOf(params[P.network]);
  const networks = single !== null ? [{ network: single, at: pointer(P.network) }] : textsOf(params[P.networks]).map((network, i) => ({ network, at: pointer(P.networks, i) }));
  return networks.map(({ network, at }) => ({ scheme, network, asset, pointer: `${base}${at}` }));
}

/** The card's a2a-x402 extension (capabilities.extensions[] entry whose uri has the a2a-x402 prefix), read by A2A_X402_EXTENSION_PARAMS; null when the card declares none. */
export function cardX402Extension(card: JsonObject): CardX402Extension | null {
  const map = cardFieldMap(card);
  const capabilities = isJsonObject(card.capabilities) ? card.capabilities : {};
  const list = capabilities[map.fields.extensions];
  const index = (Array.isArray(list) ? list : []).findIndex((ext) => isJsonObject(ext) && textOf(ext[map.extension.uri])?.startsWith(A2A_X402_EXTENSION_URI_PREFIX) === true);
  if (index < 0) return null;
  const at = pointer('capabilities', map.fields.extensions, index);
  const extension = (list as JsonObject[])[index]!;
  const params = isJsonObject(extension[map.extension.params]) ? (extension[map.extension.params] as JsonObject) : {};
  const paramsAt = `${at}${pointer(map.extension.params)}`;
  const parsed = Array.isArray(params[A2A_X402_EXTENSION_PARAMS.accepts]) ? X402P({ x402Version: 2, accepts: params[A2A_X402_EXTENSION_PARAMS.accepts] }) : null;
  const offers = parsed?.ok ? parsed.challenge.offers : [];
  const acceptsAt = `${paramsAt}${pointer(A2A_X402_EXTENSION_PARAMS.accepts)}`;
  return {
    pointer: at,
    price: priceOf(params[A2A_X402_EXTENSION_PARAMS.price]) ?? cheapest(offers.map((o) => o.amount_decimal)),
    methods: [...acceptedMethods(offers, acceptsAt), ...flatMethods(params, paramsAt)],
  };
}
