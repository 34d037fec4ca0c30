import { toolById } from '@paysight/contracts';
import { createHash } from 'node:crypto';
import type { PrivateKeyAccount } from 'viem/accounts';
import { boundCase, times, withValue } from '../bounds.test-support.js';
import { ACCOUNTS, signPayload } from '../signing.test-support.js';
import type { HumanIntent, ProposedAction } from './constraints.js';
import { humanIntentChecksum, type IntentInput, type IntentResult } from './index.js';
import { intentChecksumOf, intentSignedPayload } from './signing.js';

const entry = toolById('human_intent_checksum')!;
const { alice, mallory } = ACCOUNTS;
const NOW = new Date('2026-11-27T12:00:00Z');
const SELLER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const SIGNATURE = `0x${'ab'.repeat(65)}`;

const intent = (over: Partial<HumanIntent> = {}): HumanIntent => ({
  intentId: 'intent-1',
  principal: alice.address,
  agentId: 'agent:booker',
  purpose: 'Fare data for the Lisbon trip',
  maxAmount: '0.50',
  maxTotalAmount: '2',
  currency: 'USDC',
  allowedPayees: [SELLER],
  allowedResources: ['https://fares.example/v1/*'],
  allowedNetworks: ['base'],
  notBefore: '2026-11-01T00:00:00Z',
  expiresAt: '2026-12-31T00:00:00Z',
  nonce: 'n-1',
  ...over,
});
/** An action within the intent, written differently where only case, spacing or the network's name differ. */
const action = (over: Partial<ProposedAction> = {}): ProposedAction => ({
  agentId: 'agent:booker',
  payee: SELLER.toLowerCase(),
  resource: 'https://fares.example/v1/LIS-JFK',
  amount: '0.25',
  currency: 'usdc',
  network: 'eip155:8453',
  purpose: '  fare data for the   Lisbon trip',
  spentSoFar: '1.75',
  ...over,
});
const sign = (i: HumanIntent, scheme: 'eip191' | 'eip712' = 'eip712', account: PrivateKeyAccount = alice, checksum = intentChecksumOf(i), chainId = 8453) =>
  signPayload(account, scheme, intentSignedPayload(i, checksum), chainId);
async function verifying(i = intent(), over: Partial<IntentInput> = {}): Promise<IntentInput> {
  return { mode: 'verify', intent: i, intentChecksum: intentChecksumOf(i), authorization: await sign(i), proposedAction: action(), policy: { evaluatedAt: '2026-11-27T12:00:00Z' }, ...over };
}
const run = async (input: IntentInput, now = NOW): Promise<IntentResult> => (await humanIntentChecksum.run(entry.request.parse(input) as IntentInput, undefined as never, { now })).result;
const codes = (result: IntentResult) => result.reasons.map((r) => r.code);

describe('human-intent-checksum request', () => {
  const base: IntentInput = { mode: 'verify', intent: intent(), intentChecksum: `sha256:${'0'.repeat(64)}`, authorization: { scheme: 'eip712', signer: alice.address, signature: SIGNATURE, chainId: 8453 }, proposedAction: action(), policy: { evaluatedAt: null, requireSignature: null, allowedSchemes: null } };
  const accepts = boundCase(entry.request, base);
  const strings = (n: number, length = 8) => times(n, (i) => `${i}-`.padEnd(length, 'x'));
  it.each([
    ['mode', 'sign', false],
    ['intent', undefined, false],
    ['intent.intentId', 'x'.repeat(128), true],
    ['intent.intentId', 'x'.repeat(129), false],
    ['intent.intentId', ' ', false],
    ['intent.principal', 'alice', false],
    ['intent.principal', alice.address.toLowerCase(), true],
    ['intent.principal', `${alice.address}0`, false],
    ['intent.agentId', undefined, true],
    ['intent.agentId', 'a'.repeat(201), false],
    ['intent.purpose', 'p'.repeat(500), true],
    ['intent.purpose', 'p'.repeat(501), false],
    ['intent.maxAmount', '0.000001', true],
    ['intent.maxAmount', '0.0000001', false],
    ['intent.maxAmount', '-1', false],
    ['intent.maxTotalAmount', '1e3', false],
    ['intent.currency', 'C'.repeat(16), true],
    ['intent.currency', 'C'.repeat(17), false],
    ['intent.allowedPayees', [], false],
    ['intent.allowedPayees', strings(100), true],
    ['intent.allowedPayees', strings(101), false],
    ['intent.allowedResources', strings(100, 1024), true],
    ['intent.allowedResources', strings(101), false],
    ['intent.allowedResources.0', 'r'.repeat(1025), false],
    ['intent.allowedNetworks', strings(20), true],
    ['intent.allowedNetworks', strings(21), false],
    ['intent.notBefore', 'yesterday', false],
    ['intent.expiresAt', undefined, false],
    ['intent.expiresAt', '2026-12-31', false],
    ['intent.nonce', undefined, false],
    ['intent.maxAmmount', '1', false],
    ['intentChecksum', 'ab'.repeat(32), true],
    ['intentChecksum', 'sha256:xyz', false],
    ['intentChecksum', undefined, false],
    ['authorization', undefined, true],
    ['authorization.scheme', 'eip1271', false],
    ['authorization.chainId', undefined, false],
    ['authorization.chainId', 0, false],
    ['authorization.signature', '0x123', false],
    ['authorization.signer', 'alice.eth', false],
    ['authorization.signerType', 'contract', true],
    ['authorization.signerType', 'multisig', false],
    ['authorization.verifyingContract', SELLER, true],
    ['proposedAction.amount', '1.2345678', false],
    ['proposedAction.payee', 'p'.repeat(200), true],
    ['proposedAction.payee', 'p'.repeat(201), false],
    ['proposedAction.network', undefined, false],
    ['proposedAction.tip', '1', false],
    ['policy', undefined, true],
    ['policy.allowedSchemes', [], false],
    ['policy.allowedSchemes', ['eip712'], true],
    ['policy.allowedSchemes', ['eip1271'], false],
    ['policy.evaluatedAt', 'now', false],
    ['policy.strict', true, false],
    ['callerNote', 'top-level fields are closed', false],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });

  it('takes the intent and policy only in issue mode', () => {
    const issueBase = { mode: 'issue', intent: intent(), policy: { evaluatedAt: '2026-11-27T12:00:00Z' } };
    expect(entry.request.safeParse(issueBase).success).toBe(true);
    expect(entry.request.safeParse(withValue(base, 'mode', 'issue')).success).toBe(false);
    for (const field of ['intentChecksum', 'authorization', 'proposedAction']) expect(boundCase(entry.request, issueBase)(field, (base as unknown as Record<string, unknown>)[field])).toBe(false);
  });

  it('takes signatures of up to 2,048 bytes', () => {
    expect(accepts('authorization.signature', `0x${'ab'.repeat(2048)}`)).toBe(true);
    expect(accepts('authorization.signature', `0x${'ab'.repeat(2049)}`)).toBe(false);
  });

  it('refuses an eip191 authorization that carries EIP-712 domain fields', () => {
    expect(accepts('authorization', { scheme: 'eip191', signer: alice.address, signature: SIGNATURE, chainId: 8453 })).toBe(false);
  });
});

describe('human-intent-checksum issue', () => {
  it('hashes the RFC 8785 canonical JSON of the intent as sent (checked against a hand-written canonical form)', async () => {
    const small = { nonce: 'n', purpose: 'p', principal: '0x0000000000000000000000000000000000000001', intentId: 'i', maxAmount: '1', expiresAt: '2027-01-01T00:00:00Z', currency: 'USDC' };
    const canonical = '{"currency":"USDC","expiresAt":"2027-01-01T00:00:00Z","intentId":"i","maxAmount":"1","nonce":"n","principal":"0x0000000000000000000000000000000000000001","purpose":"p"}';
    const result = await run({ mode: 'issue', intent: small, policy: { evaluatedAt: '2026-11-27T12:00:00Z' } });
    expect(result.intentChecksum).toBe(`sha256:${createHash('sha256').update(canonical).digest('hex')}`);
    expect(result).toMatchObject({ decision: 'completed', checksumValid: true, signatureStatus: 'missing', violations: [] });
  });

  it('gives one checksum whatever the key order, another when any field changes', () => {
    const i = intent();
    const reordered = Object.fromEntries(Object.entries(i).reverse()) as HumanIntent;
    expect(intentChecksumOf(reordered)).toBe(intentChecksumOf(i));
    expect(intentChecksumOf(intent({ maxAmount: '0.51' }))).not.toBe(intentChecksumOf(i));
    expect(intentChecksumOf(intent({ principal: alice.address.toLowerCase() }))).not.toBe(intentChecksumOf(i));
  });

  it('returns what to sign, and a signature made from it verifies', async () => {
    const i = intent();
    const issued = await run({ mode: 'issue', intent: i });
    expect(issued.decision).toBe('completed');
    expect(issued.reasons.map((r) => [r.code, r.severity])).toEqual([['checksum_issued', 'info']]);
    const toSign = issued.evidence.toSign as { eip191: { message: string }; eip712: { domain: { name: string; version: string }; types: Record<string, { name: string; type: string }[]>; primaryType: string; message: Record<string, unknown> } };
    expect(toSign.eip191.message).toBe(issued.intentChecksum);
    expect(toSign.eip712.message).toMatchObject({ intentChecksum: `0x${issued.intentChecksum.slice(7)}`, principal: alice.address, expiresAt: Date.parse(i.expiresAt) / 1000 });
    const domain = { name: toSign.eip712.domain.name, version: toSign.eip712.domain.version, chainId: 10 };
    const signature = await alice.signTypedData({ domain, types: toSign.eip712.types, primaryType: 'HumanIntent', message: toSign.eip712.message });
    const personal = await alice.signMessage({ message: toSign.eip191.message });
    const verify = { mode: 'verify' as const, intent: i, intentChecksum: issued.intentChecksum, proposedAction: action() };
    expect((await run({ ...verify, authorization: { scheme: 'eip712', signer: alice.address, signature, chainId: 10 } })).decision).toBe('allow');
    expect((await run({ ...verify, authorization: { scheme: 'eip191', signer: alice.address, signature: personal } })).decision).toBe('allow');
  });

  it('fails to issue an intent that is expired or never in force, and warns of unrestricted payees', async () => {
    const expired = await run({ mode: 'issue', intent: intent({ expiresAt: '2026-11-27T12:00:00Z' }) });
    expect(expired).toMatchObject({ decision: 'failed', riskScore: 40, reasons: [{ code: 'intent_expired', severity: 'critical' }] });
    expect((await run({ mode: 'issue', intent: intent({ notBefore: '2026-12-31T00:00:00Z' }) })).reasons[0]).toMatchObject({ code: 'intent_window_empty' });
    const open = await run({ mode: 'issue', intent: intent({ allowedPayees: undefined, maxTotalAmount: '0.25' }) });
    expect(open).toMatchObject({ decision: 'completed', riskScore: 30 });
    expect(codes(open)).toEqual(['payees_unrestricted', 'total_below_single_limit', 'checksum_issued']);
  });

  it('judges expiry at policy.evaluatedAt, or at the server clock and says so', async () => {
    const i = intent({ expiresAt: '2026-11-28T00:00:00Z' });
    expect((await run({ mode: 'issue', intent: i })).evidence).toMatchObject({ evaluatedAt: NOW.toISOString(), evaluatedAtSource: 'server_clock' });
    expect((await run({ mode: 'issue', intent: i }, new Date('2026-11-28T00:00:00Z'))).decision).toBe('failed');
    expect((await run({ mode: 'issue', intent: i, policy: { evaluatedAt: '2026-11-20T00:00:00Z' } }, new Date('2027-01-01T00:00:00Z'))).evidence).toMatchObject({ evaluatedAtSource: 'policy' });
  });
});

describe('human-intent-checksum verify', () => {
  it.each(['eip191', 'eip712'] as const)('allows an action within an intent its principal signed (%s)', async (scheme) => {
    const i = intent();
    const result = await run(await verifying(i, { authorization: await sign(i, scheme) }));
    expect(result).toMatchObject({ decision: 'allow', riskScore: 0, checksumValid: true, signatureStatus: 'valid', violations: [] });
    expect(codes(result)).toEqual(['checksum_match', 'signature_valid']);
    expect(result.evidence.constraintChecks).toEqual(expect.arrayContaining([{ constraint: 'allowedNetworks', allowed: ['base'], actual: 'eip155:8453', ok: true }, { constraint: 'maxTotalAmount', allowed: '2', actual: '2', ok: true }]));
  });

  it('blocks an intent changed after it was signed, and says the signature covers the original', async () => {
    const original = intent();
    const tampered = intent({ maxAmount: '50' });
    const result = await run(await verifying(tampered, { intentChecksum: intentChecksumOf(original), authorization: await sign(original, 'eip191') }));
    expect(result).toMatchObject({ decision: 'block', checksumValid: false, signatureStatus: 'invalid', intentChecksum: intentChecksumOf(tampered) });
    expect(result.reasons[0]!.message).toMatch(/changed after it was signed/);
    expect(result.evidence.signature).toMatchObject({ signsSuppliedChecksum: true });
    // The checksum recomputed by whoever changed the intent does not help: the signature still covers the original.
    const recomputed = await run(await verifying(tampered, { authorization: await sign(original, 'eip712') }));
    expect(recomputed).toMatchObject({ decision: 'block', checksumValid: true, signatureStatus: 'invalid' });
    expect(codes(recomputed)).toContain('signature_invalid');
  });

  it('tells a wrong signer from a forged claim', async () => {
    const i = intent();
    const byMallory = await run(await verifying(i, { authorization: await sign(i, 'eip712', mallory) }));
    expect(byMallory).toMatchObject({ decision: 'block', signatureStatus: 'signer_mismatch' });
    const forged = { ...(await sign(i, 'eip191', mallory)), signer: alice.address };
    expect(await run(await verifying(i, { authorization: forged }))).toMatchObject({ decision: 'block', signatureStatus: 'invalid' });
  });

  it('binds the EIP-712 signature to its chainId', async () => {
    const i = intent();
    const onBase = await sign(i, 'eip712');
    const claimedOnMainnet = { ...onBase, chainId: 1 } as IntentInput['authorization'];
    expect((await run(await verifying(i, { authorization: claimedOnMainnet }))).signatureStatus).toBe('invalid');
    expect((await run(await verifying(i, { authorization: await sign(i, 'eip712', alice, intentChecksumOf(i), 1) }))).signatureStatus).toBe('valid');
  });

  it('blocks an expired or not yet valid intent although its signature is good', async () => {
    const expired = await run(await verifying(intent(), { policy: { evaluatedAt: '2026-12-31T00:00:00Z' } }));
    expect(expired).toMatchObject({ decision: 'block', signatureStatus: 'expired', violations: ['intent_expired'], evidence: { window: { inForce: false } } });
    const early = await run(await verifying(intent(), { policy: { evaluatedAt: '2026-10-31T23:59:59Z' } }));
    expect(early).toMatchObject({ decision: 'block', signatureStatus: 'not_yet_valid', violations: ['intent_not_yet_valid'] });
  });

  it('lists each constraint the action breaks', async () => {
    const result = await run(
      await verifying(intent(), {
        proposedAction: action({ amount: '0.6', spentSoFar: '1.5', currency: 'EURC', payee: '0x0000000000000000000000000000000000000bad', network: 'polygon', resource: 'https://other.example/v1/x', agentId: 'agent:rogue' }),
      }),
    );
    expect(result.decision).toBe('block');
    expect(result.violations).toEqual(['amount_exceeds_max', 'total_exceeds_max', 'currency_not_allowed', 'payee_not_allowed', 'network_not_allowed', 'resource_not_allowed', 'agent_not_authorized']);
    expect(result.riskScore).toBe(100);
    expect(result.reasons.find((r) => r.code === 'total_exceeds_max')!.message).toContain('2.1');
  });

  it('reviews what it cannot hold against the intent: a different purpose label, unstated fields', async () => {
    const purpose = await run(await verifying(intent(), { proposedAction: action({ purpose: 'Hotel data' }) }));
    expect(purpose).toMatchObject({ decision: 'review', riskScore: 15, violations: ['purpose_mismatch'] });
    const unstated = await run(await verifying(intent(), { proposedAction: action({ resource: undefined, agentId: undefined, purpose: undefined }) }));
    expect(unstated).toMatchObject({ decision: 'review', riskScore: 45, violations: [] });
    expect(codes(unstated)).toEqual(['checksum_match', 'signature_valid', 'resource_not_stated', 'agent_not_stated', 'purpose_not_stated']);
  });

  it('matches resources by prefix only where the pattern ends in *, and unknown networks as written', async () => {
    const i = intent({ allowedResources: ['https://fares.example/v1/*', 'https://fares.example/status'], allowedNetworks: ['Base', 'solana'] });
    const at = (over: Partial<ProposedAction>) => verifying(i, { proposedAction: action(over) });
    expect((await run(await at({ resource: 'https://fares.example/status' }))).violations).toEqual([]);
    expect((await run(await at({ resource: 'https://fares.example/status/1' }))).violations).toEqual(['resource_not_allowed']);
    expect((await run(await at({ network: 'SOLANA' }))).violations).toEqual([]);
    expect((await run(await at({ network: '8453' }))).violations).toEqual([]);
    expect((await run(await at({ network: 'solana-devnet' }))).violations).toEqual(['network_not_allowed']);
  });

  it('reviews a smart-account signature it cannot verify without a chain, and refuses a scheme the policy excludes', async () => {
    const i = intent();
    const contract = { ...(await sign(i, 'eip191')), signerType: 'contract' as const };
    expect(await run(await verifying(i, { authorization: contract }))).toMatchObject({ decision: 'review', signatureStatus: 'unsupported', reasons: [{}, { code: 'signature_unsupported', severity: 'warning' }] });
    const wrapped = { ...(await sign(i, 'eip191')), signature: `0x${'00'.repeat(96)}${'6492'.repeat(16)}` };
    expect((await run(await verifying(i, { authorization: wrapped }))).signatureStatus).toBe('unsupported');
    const excluded = await run(await verifying(i, { authorization: await sign(i, 'eip191'), policy: { evaluatedAt: '2026-11-27T12:00:00Z', allowedSchemes: ['eip712'] } }));
    expect(excluded).toMatchObject({ decision: 'block', signatureStatus: 'unsupported' });
    expect(codes(excluded)).toContain('scheme_not_allowed');
  });

  it('blocks a missing signature unless the policy only wants it reviewed; checks the window without an action', async () => {
    const i = intent();
    expect(await run(await verifying(i, { authorization: undefined }))).toMatchObject({ decision: 'block', signatureStatus: 'missing' });
    expect(await run(await verifying(i, { authorization: undefined, policy: { requireSignature: false, evaluatedAt: '2026-11-27T12:00:00Z' } }))).toMatchObject({ decision: 'review', riskScore: 15 });
    const bare = await run(await verifying(i, { proposedAction: undefined }));
    expect(bare).toMatchObject({ decision: 'allow', violations: [] });
    expect(codes(bare)).toEqual(['checksum_match', 'signature_valid', 'no_action_checked']);
  });

  it('reports a malformed signature as invalid instead of failing', async () => {
    const i = intent();
    const result = await run(await verifying(i, { authorization: { scheme: 'eip191', signer: alice.address, signature: `0x${'ff'.repeat(65)}` } }));
    expect(result).toMatchObject({ decision: 'block', signatureStatus: 'invalid' });
    expect((await run(await verifying(i, { authorization: { scheme: 'eip191', signer: alice.address, signature: `0x${'ab'.repeat(64)}` } }))).reasons[1]!.message).toMatch(/64 bytes/);
  });

  it('answers the same to the same request', async () => {
    const input = await verifying(intent(), { proposedAction: action({ amount: '0.75' }) });
    expect(await run(structuredClone(input))).toEqual(await run(input));
  });
});
