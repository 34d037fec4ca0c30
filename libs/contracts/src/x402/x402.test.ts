import { CHAINS } from '../chains.js';
import { X402_TOOLS, defineX402Tool, x402Identity } from '../catalog/x402.js';
import { X402_TOOLS as FROM_INDEX, CATALOG } from '../catalog/index.js';
import { X402_NETWORKS, X402_REFERENCE_DATA_VERSION, X402_USDC } from './reference-data.js';
import { X402_REQUEST_LIMITS, x402Atomic, x402Decimal, x402Document, x402Hash, X402_LATEST_DATE_SECONDS, x402AsOfSeconds } from './request-rules.js';
import { ERC7528_NATIVE_TOKEN, PERMIT2_CONTRACT, SPEND_PERMISSION_BOUNDS, SPEND_PERMISSION_MANAGER } from './protocol.js';
import { getAddress } from 'viem';
import { catalogDriftMonitorRequest } from '../schemas/x402/catalog-drift-monitor.js';
import { catalogDriftMonitorResult } from '../results/x402/catalog-drift-monitor.js';

describe('x402 family conventions', () => {
  it('one slug gives route, tool id, MCP name and endpoint', () => {
    expect(x402Identity('offer-replay-hygiene-auditor')).toEqual({
      id: 'x402_offer_replay_hygiene_auditor',
      slug: 'x402-offer-replay-hygiene-auditor',
      path: '/api/x402/x402-offer-replay-hygiene-auditor',
      mcpName: 'svc_x402_offer_replay_hygiene_auditor',
    });
  });

  it('every x402 entry follows the identity rule, costs 0.01 and carries the spec annotations', () => {
    expect(FROM_INDEX).toBe(X402_TOOLS);
    for (const entry of CATALOG.filter((e) => e.family === 'x402')) {
      const slug = entry.slug.replace(/^x402-/, '');
      expect(entry).toMatchObject({ ...x402Identity(slug), price: '0.01', method: 'POST' });
      expect(entry.envelope).toEqual({ kind: 'expansion', productFamily: slug === 'catalog-drift-monitor' ? 'agent_expansion_v2_api' : 'agent_expansion_v3_api', strict: true });
      expect(entry.annotations).toEqual({ readOnlyHint: slug !== 'response-provenance-notary', destructiveHint: false, idempotentHint: false, openWorldHint: true });
    }
  });

  it('refuses an id that breaks the rule', () => {
    expect(() =>
      defineX402Tool({ slug: 'catalog-drift-monitor', id: 'catalog_drift_monitor', title: 't', description: 'd', request: catalogDriftMonitorRequest, result: catalogDriftMonitorResult, example: { service_url: 'https://a.example', expected_endpoint: '/x' } }),
    ).toThrow(/x402_catalog_drift_monitor/);
  });

  it('string formats: decimal ≤6 fraction digits, atomic ≤78 digits, hash', () => {
    expect(x402Decimal.safeParse('0.000001').success).toBe(true);
    expect(x402Decimal.safeParse('0.0000001').success).toBe(false);
    expect(x402Decimal.safeParse('.5').success).toBe(false);
    expect(x402Atomic.safeParse('9'.repeat(78)).success).toBe(true);
    expect(x402Atomic.safeParse('9'.repeat(79)).success).toBe(false);
    expect(x402Atomic.safeParse('-1').success).toBe(false);
    expect(x402Hash.safeParse(`sha256:${'a'.repeat(64)}`).success).toBe(true);
    expect(x402Hash.safeParse(`sha256:${'A'.repeat(64)}`).success).toBe(false);
  });

  it('an as_of in unix seconds is a date JavaScript can echo: up to 8.64e12, not beyond', () => {
    expect(new Date(X402_LATEST_DATE_SECONDS * 1000).toISOString()).toBe('+275760-09-13T00:00:00.000Z');
    expect(x402AsOfSeconds.safeParse(X402_LATEST_DATE_SECONDS).success).toBe(true);
    expect(x402AsOfSeconds.safeParse(X402_LATEST_DATE_SECONDS + 1).success).toBe(false);
    expect(x402AsOfSeconds.safeParse(-1).success).toBe(false);
  });

  it('embedded documents: objects only, ≤256 KiB serialized (UTF-8 bytes), ≤32 levels', () => {
    expect(x402Document.safeParse([]).success).toBe(false);
    const multibyte = 'é'.repeat(X402_REQUEST_LIMITS.documentBytes / 2); // 2 bytes each in UTF-8
    expect(x402Document.safeParse({ t: multibyte }).success).toBe(false);
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(x402Document.safeParse(deep).success).toBe(false);
  });

  it('reference data: versioned; every USDC row is on a listed network and agrees with the chain registry', () => {
    expect(X402_REFERENCE_DATA_VERSION).toMatch(/^x402-ref-\d{4}-\d{2}-\d{2}\.\d+$/);
    const caip2 = new Set(X402_NETWORKS.map((n) => n.caip2));
    expect(caip2.size).toBe(X402_NETWORKS.length);
    for (const [network, usdc] of Object.entries(X402_USDC)) {
      expect(caip2.has(network)).toBe(true);
      expect(usdc.decimals).toBe(6);
    }
    // Every chain of the registry has its USDC row (the address is the registry's own).
    for (const chain of Object.values(CHAINS)) expect(X402_USDC[chain.caip2]?.address).toBe(chain.usdc);
  });

  it('canonical contracts carry their EIP-55 checksums; the spend-permission bounds are uint160 and uint48', () => {
    for (const address of [PERMIT2_CONTRACT, SPEND_PERMISSION_MANAGER, ERC7528_NATIVE_TOKEN]) expect(getAddress(address.toLowerCase())).toBe(address);
    expect(SPEND_PERMISSION_BOUNDS.allowanceMax.toString(16)).toBe('f'.repeat(40));
    expect(SPEND_PERMISSION_BOUNDS.uint48Max).toBe(281_474_976_710_655);
  });
});
