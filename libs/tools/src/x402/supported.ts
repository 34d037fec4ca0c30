import { ND } from './helpers.js';

/**
 * Reading a facilitator's GET /supported answer ({kinds[{x402Version, scheme, network, extra?}],
 * extensions[], signers{pattern: addresses[]}}, @x402/core SupportedResponse), shared by the tools
 * that take one. Kind networks go through ND, so v1 aliases and CAIP-2 ids compare equal.
 */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface SupportedKind {
  x402Version: number;
  scheme: string;
  /** ND-normalized. */
  network: string;
  /** The network as the kind wrote it, trimmed. */
  written: string;
}

/** The well-formed kinds of a /supported answer, or null when it has no kinds[] array. */
export function supportedKinds(supported: Json): SupportedKind[] | null {
  if (!Array.isArray(supported.kinds)) return null;
  const kinds: SupportedKind[] = [];
  for (const kind of supported.kinds) {
    if (!isObject(kind) || typeof kind.x402Version !== 'number' || typeof kind.scheme !== 'string' || typeof kind.network !== 'string') continue;
    kinds.push({ x402Version: kind.x402Version, scheme: kind.scheme, network: ND(kind.network).network, written: kind.network.trim() });
  }
  return kinds;
}

/** Whether the kinds include (version, scheme, network); `network` already ND-normalized. */
export function supportsKind(kinds: readonly SupportedKind[], version: number, scheme: string, network: string): boolean {
  return kinds.some((k) => k.x402Version === version && k.scheme === scheme && k.network === network);
}

/**
 * The signer addresses a /supported answer lists for a network: under the network's own key, its
 * namespace wildcard ("eip155:*") or the bare namespace, in the order listed. EVM addresses compare
 * case-insensitively.
 */
export function signersFor(supported: Json, network: string): string[] {
  if (!isObject(supported.signers)) return [];
  const namespace = network.split(':')[0]!;
  const keys = new Set([network, `${namespace}:*`, namespace]);
  const found = new Set<string>();
  for (const [key, list] of Object.entries(supported.signers)) {
    if (!keys.has(key) || !Array.isArray(list)) continue;
    for (const signer of list) if (typeof signer === 'string' && signer.trim() !== '') found.add(namespace === 'eip155' ? signer.trim().toLowerCase() : signer.trim());
  }
  return [...found];
}
