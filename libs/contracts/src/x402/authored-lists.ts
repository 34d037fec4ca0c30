import type { ToolFamily } from '../catalog/entry.js';

/**
 * Lists the x402-* family authors itself (design sheet §R "Our authored lists", CC0), versioned with
 * X402_REFERENCE_DATA_VERSION. Patterns are matched against lowercased text.
 */

/** Spend taxonomy v1 (#14). */
export const SPEND_TAXONOMY_V1 = [
  'wallet_research',
  'transaction_research',
  'trust_and_safety',
  'payment_infrastructure',
  'discovery_and_registry',
  'inference_compute',
  'data_feed',
  'content_media',
  'storage_hosting',
  'agent_services',
  'other',
] as const;
export type SpendCategory = (typeof SPEND_TAXONOMY_V1)[number];

/**
 * The catalog map of #14: this service's own tools by catalog family, with per-tool exceptions. The
 * tool ids come from CATALOG itself (never copied here); a new family does not compile until it is
 * given a category.
 */
export const SPEND_CATEGORY_BY_FAMILY: Readonly<Record<ToolFamily, SpendCategory>> = {
  wallet: 'wallet_research',
  tx: 'transaction_research',
  trust: 'trust_and_safety',
  expansion: 'agent_services',
  ext: 'trust_and_safety',
  x402: 'payment_infrastructure',
};
/** Tools whose family category does not fit them, by catalog id. */
export const SPEND_CATEGORY_BY_TOOL_ID: Readonly<Record<string, SpendCategory>> = {
  service_discovery_audit: 'discovery_and_registry',
  agent_compatibility_analyzer: 'discovery_and_registry',
  agent_payment_history_summary: 'payment_infrastructure',
  x402_catalog_drift_monitor: 'discovery_and_registry',
};

/** Path-token rules of #14, first match wins: tested on the lowercased path of resource_label. */
export const SPEND_PATH_RULES: readonly { pattern: RegExp; category: SpendCategory }[] = [
  { pattern: /llm|completion|inference|embed/, category: 'inference_compute' },
  { pattern: /price|quote|feed|ohlc/, category: 'data_feed' },
  { pattern: /facilitator|settle|verify-payment|x402/, category: 'payment_infrastructure' },
  { pattern: /wallet|balance|portfolio/, category: 'wallet_research' },
  { pattern: /\btx\b|transaction|receipt/, category: 'transaction_research' },
  { pattern: /registry|discovery|\.well-known|catalog/, category: 'discovery_and_registry' },
  { pattern: /image|video|audio|media|article/, category: 'content_media' },
  { pattern: /storage|upload|ipfs|pinning|hosting/, category: 'storage_hosting' },
  { pattern: /risk|fraud|sanction|screen|trust/, category: 'trust_and_safety' },
  { pattern: /agent|a2a|mcp/, category: 'agent_services' },
];

/** Weighted description keywords of #14 (whole words): 2 for a word that names the category, 1 for a hint. */
export const SPEND_KEYWORDS: Readonly<Record<Exclude<SpendCategory, 'other'>, Readonly<Record<string, number>>>> = {
  wallet_research: { wallet: 2, balance: 1, holdings: 2, portfolio: 2, address: 1, exposure: 1 },
  transaction_research: { transaction: 2, tx: 2, decode: 1, hash: 1, confirmation: 1, block: 1 },
  trust_and_safety: { fraud: 2, risk: 1, sanctions: 2, screening: 2, trust: 1, scam: 2, audit: 1 },
  payment_infrastructure: { facilitator: 2, settlement: 2, payment: 1, x402: 1, gas: 1, fee: 1 },
  discovery_and_registry: { registry: 2, discovery: 2, catalog: 1, directory: 2, listing: 1 },
  inference_compute: { llm: 2, inference: 2, model: 1, completion: 2, embedding: 2, gpu: 2, tokens: 1 },
  data_feed: { price: 1, quote: 2, feed: 2, ohlc: 2, market: 1, oracle: 2 },
  content_media: { image: 2, video: 2, audio: 2, article: 1, media: 2, content: 1 },
  storage_hosting: { storage: 2, hosting: 2, upload: 1, ipfs: 2, bandwidth: 1, pinning: 2 },
  agent_services: { agent: 1, assistant: 1, task: 1, a2a: 2, mcp: 1, workflow: 1 },
};

export const SCOPE_RISKS = ['low', 'medium', 'high', 'critical'] as const;
export type ScopeRisk = (typeof SCOPE_RISKS)[number];

/** Scope-risk patterns of #16, first match wins; a scope no pattern matches is medium. */
export const SCOPE_RISK_PATTERNS: readonly { pattern: RegExp; risk: ScopeRisk }[] = [
  { pattern: /^\*(:\*)?$/, risk: 'critical' },
  { pattern: /admin|owner/, risk: 'high' },
  { pattern: /pay|payment|wallet|transfer|spend|sign/, risk: 'high' },
  { pattern: /:(write|delete|manage)$/, risk: 'medium' },
  { pattern: /:read$/, risk: 'low' },
];
export const SCOPE_RISK_FALLBACK: ScopeRisk = 'medium';
