import { ROUTE_PLANNER_LIMITS, X402_USDC, catalogEntry, networkTokenRoutePlannerRequest, networkTokenRoutePlannerResult } from '@paysight/contracts';
import { encodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { analyzeRoutePlanner, type RoutePlannerInput } from './analyze.js';

const BASE = 'eip155:8453';
const ARB = 'eip155:42161';
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const USDC = (network: string) => X402_USDC[network]!.address;
const PAYEE = `0x${'1'.repeat(40)}`;
const offer = (network: string, amount: string, extra: Record<string, unknown> = {}) => ({ scheme: 'exact', network, amount, asset: USDC(network), payTo: PAYEE, maxTimeoutSeconds: 60, ...extra });
const challenge = (accepts: Record<string, unknown>[], extensions?: Record<string, unknown>) => ({ x402Version: 2, resource: { url: 'https://s.example/q' }, accepts, ...(extensions ? { extensions } : {}) });
const holding = (network: string, balance: string, asset = USDC(network)) => ({ network, asset, balance_atomic: balance });

function run(body: unknown) {
  const input: RoutePlannerInput = networkTokenRoutePlannerRequest.parse(body);
  const output = analyzeRoutePlanner(input);
  expect(networkTokenRoutePlannerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}

describe('x402-network-token-route-planner', () => {
  it('the worked example of design §21: Base is short, Solana pays directly', () => {
    const result = run(catalogEntry('x402_network_token_route_planner').example);
    expect(result.decision).toBe('direct_route');
    expect(result.chosen).toEqual({ offer_index: 1, network: SOLANA, asset: USDC(SOLANA), amount_atomic: '10000', asset_transfer_method: 'svm', holding_index: 1, steps: [{ kind: 'sign', network: SOLANA, to_network: null, gas_payer: 'facilitator' }] });
    expect(result.unpayable).toEqual([{ offer_index: 0, reason: 'insufficient_balance', detail: expect.stringContaining('5000 of 10000') }]);
    expect(result.alternatives).toEqual([]);
    expect(result.confidence).toBe('high');
  });

  it('route_with_steps: a Permit2 offer without allowance needs an approval the payer pays gas for', () => {
    const result = run({ challenge: challenge([offer(BASE, '10000', { extra: { assetTransferMethod: 'permit2' } })]), holdings: [holding(BASE, '20000')], native_gas: [{ network: 'base', has_gas: true }] });
    expect(result.decision).toBe('route_with_steps');
    expect(result.chosen!.steps.map((s) => [s.kind, s.gas_payer])).toEqual([
      ['approve_permit2', 'payer'],
      ['sign', 'facilitator'],
    ]);
    expect(result.risk_flags).toEqual(['permit2_approval_needed']);
  });

  it('a declared gas-sponsoring extension makes the approval the facilitator\'s; a sufficient allowance needs none', () => {
    const sponsored = run({ challenge: challenge([offer(BASE, '10000', { extra: { assetTransferMethod: 'permit2' } })], { eip2612GasSponsoring: {} }), holdings: [holding(BASE, '20000')] });
    expect(sponsored.chosen!.steps.map((s) => [s.kind, s.gas_payer])).toEqual([
      ['approve_permit2', 'facilitator'],
      ['sign', 'facilitator'],
    ]);
    const allowed = run({ challenge: challenge([offer(BASE, '10000', { extra: { assetTransferMethod: 'permit2' } })]), holdings: [holding(BASE, '20000')], permit2_allowances: [{ network: BASE, asset: USDC(BASE).toLowerCase(), allowance_atomic: '10000' }] });
    expect(allowed.decision).toBe('direct_route');
  });

  it('prefers fewer steps, then the lower amount, then the preferred network, then offer order', () => {
    const accepts = [offer(BASE, '10000', { extra: { assetTransferMethod: 'permit2' } }), offer(ARB, '12000'), offer(BASE, '12000'), offer('eip155:1', '12000')];
    const result = run({ challenge: challenge(accepts), holdings: [holding(BASE, '50000'), holding(ARB, '50000'), holding('eip155:1', '50000')], native_gas: [{ network: BASE, has_gas: true }], preferences: { network_order: ['arbitrum'] } });
    expect([result.chosen!.offer_index, ...result.alternatives.map((r) => r.offer_index)]).toEqual([1, 2, 3, 0]);
  });

  it('bridge: USDC on another CCTP network with gas gives bridge_cctp then sign, only when allowed', () => {
    const body = { accepts: [offer(BASE, '10000')], holdings: [holding(ARB, '50000')], native_gas: [{ network: ARB, has_gas: true }] };
    const refused = run(body);
    expect(refused).toMatchObject({ decision: 'no_route', unpayable: [{ offer_index: 0, reason: 'no_holding' }], confidence: 'medium' });
    const bridged = run({ ...body, preferences: { allow_bridge: true } });
    expect(bridged.decision).toBe('route_with_steps');
    expect(bridged.chosen!.steps).toEqual([
      { kind: 'bridge_cctp', network: ARB, to_network: BASE, gas_payer: 'payer' },
      { kind: 'sign', network: BASE, to_network: null, gas_payer: 'facilitator' },
    ]);
    expect(bridged.risk_flags).toEqual(['bridge_required']);
  });

  it('no_route: every reason (no_holding, insufficient_balance, no_gas, not_bridgeable, testnet_skipped, unreadable_offer)', () => {
    const result = run({
      challenge: encodePaymentRequiredHeader(
        challenge([
          offer('eip155:137', '10000'),
          offer(BASE, '10000'),
          offer(ARB, '10000', { extra: { assetTransferMethod: 'permit2' } }),
          { ...offer(BASE, '10000'), asset: `0x${'ab'.repeat(20)}` },
          offer('eip155:84532', '10'),
          { scheme: 'exact', network: BASE },
        ]) as unknown as PaymentRequired,
      ),
      holdings: [holding(BASE, '10'), holding(ARB, '50000'), holding('eip155:84532', '100')],
      preferences: { allow_bridge: true },
    });
    expect(result.decision).toBe('no_route');
    expect(result.chosen).toBeNull();
    expect(result.unpayable.map((u) => [u.offer_index, u.reason])).toEqual([
      [0, 'not_bridgeable'],
      [1, 'insufficient_balance'],
      [2, 'no_gas'],
      [3, 'not_bridgeable'],
      [4, 'testnet_skipped'],
      [5, 'unreadable_offer'],
    ]);
    expect(result.risk_flags).toEqual(['testnet_offer_skipped']);
    expect(run({ challenge: 'not base64!', holdings: [] })).toMatchObject({ decision: 'no_route', risk_flags: ['challenge_unparsed'] });
  });

  describe('request schema', () => {
    const ok = { accepts: [offer(BASE, '1')], holdings: [] };
    const accepted = (body: unknown) => expect(networkTokenRoutePlannerRequest.safeParse(body).success).toBe(true);
    const rejects = (body: unknown) => expect(networkTokenRoutePlannerRequest.safeParse(body).success).toBe(false);
    it('bounds at the maxima and one more', () => {
      const L = ROUTE_PLANNER_LIMITS;
      const h = holding(BASE, '1');
      accepted({ accepts: Array(L.accepts).fill(offer(BASE, '1')), holdings: Array(L.holdings).fill(h), native_gas: Array(L.nativeGas).fill({ network: BASE, has_gas: true }), permit2_allowances: Array(L.allowances).fill({ network: BASE, asset: USDC(BASE), allowance_atomic: '1' }), preferences: { network_order: Array(L.networkOrder).fill(BASE) } });
      rejects({ ...ok, accepts: Array(L.accepts + 1).fill(offer(BASE, '1')) });
      rejects({ ...ok, holdings: Array(L.holdings + 1).fill(h) });
      rejects({ ...ok, native_gas: Array(L.nativeGas + 1).fill({ network: BASE, has_gas: true }) });
      rejects({ ...ok, permit2_allowances: Array(L.allowances + 1).fill({ network: BASE, asset: 'x', allowance_atomic: '1' }) });
      rejects({ ...ok, preferences: { network_order: Array(L.networkOrder + 1).fill(BASE) } });
      accepted({ challenge: 'A'.repeat(L.headerValue), holdings: [] });
      rejects({ challenge: 'A'.repeat(L.headerValue + 1), holdings: [] });
    });
    it('exactly one of challenge or accepts; wrong types and extra properties rejected', () => {
      rejects({ holdings: [] });
      rejects({ ...ok, challenge: challenge([offer(BASE, '1')]) });
      rejects({ accepts: [offer(BASE, '1')] });
      rejects({ ...ok, holdings: [{ ...holding(BASE, '1'), balance_atomic: '1.5' }] });
      rejects({ ...ok, holdings: [{ ...holding(BASE, '1'), extra: 1 }] });
      rejects({ ...ok, native_gas: [{ network: BASE, has_gas: 'yes' }] });
      rejects({ ...ok, preferences: { allow_bridge: true, other: 1 } });
      rejects({ ...ok, extra: 1 });
    });
  });

  it('a maximum input (20 offers, 50 holdings, bridging allowed) does not crash', () => {
    const networks = [BASE, ARB, 'eip155:1', 'eip155:137', 'eip155:10'];
    const accepts = Array.from({ length: 20 }, (_, i) => offer(networks[i % 5]!, String(10_000 + i), i % 2 ? { extra: { assetTransferMethod: 'permit2' } } : {}));
    const holdings = Array.from({ length: 50 }, (_, i) => holding(networks[(i + 1) % 5]!, String(5000 + i * 1000)));
    const result = run({ accepts, holdings, native_gas: networks.map((network) => ({ network, has_gas: true })), preferences: { allow_bridge: true, network_order: networks } });
    expect(result.decision).toBe('direct_route');
    expect(result.alternatives.length + 1 + result.unpayable.length).toBe(20);
  });
});
