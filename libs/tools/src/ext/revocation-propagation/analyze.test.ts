import { canonicalJson, toolById } from '@paysight/contracts';
import { createHash } from 'node:crypto';
import type { PrivateKeyAccount } from 'viem/accounts';
import { boundCase, times, withValue } from '../bounds.test-support.js';
import { ACCOUNTS, signPayload } from '../signing.test-support.js';
import { revocationPropagation, type RevocationInput, type RevocationResult } from './index.js';
import { grantSignedPayload, revocationIdOf, revocationSignedPayload, type Revocation } from './signing.js';

const entry = toolById('revocation_propagation')!;
const { alice, mallory } = ACCOUNTS;
const NOW = new Date('2026-11-27T12:00:00Z');
const GRANT = `sha256:${'c2'.repeat(32)}`;
const SIGNATURE = `0x${'ab'.repeat(65)}`;
type Target = RevocationInput['targets'][number];

const revocation = (over: Partial<Revocation> = {}): Revocation => ({
  grantId: 'intent-1',
  grantType: 'human_intent',
  grantor: alice.address,
  grantee: 'agent:booker',
  grantChecksum: GRANT,
  effectiveAt: '2026-11-27T09:00:00Z',
  reason: 'Trip cancelled',
  nonce: 'rev-1',
  ...over,
});
const target = (targetId: string, over: Partial<Target> = {}, optIn: Partial<NonNullable<Target['optIn']>> = {}): Target => ({
  targetId,
  endpoint: `https://${targetId}.example/revocations`,
  identityVerified: true,
  optIn: { evidenceHash: `sha256:${'0e'.repeat(32)}`, verified: true, optedInAt: '2026-10-01T00:00:00Z', expiresAt: null, ...optIn },
  ...over,
});
const revokerSignature = (r: Revocation, scheme: 'eip191' | 'eip712' = 'eip712', account: PrivateKeyAccount = alice) => signPayload(account, scheme, revocationSignedPayload(r, revocationIdOf(r)));
const grantSignature = async (account: PrivateKeyAccount = alice, checksum = GRANT) => (await signPayload(account, 'eip191', grantSignedPayload(checksum))) as Extract<RevocationInput['authorizationProof']['grantSignature'], object>;
async function request(over: Partial<RevocationInput> = {}, r = revocation()): Promise<RevocationInput> {
  return {
    authorizationProof: { revokerSignature: await revokerSignature(r), grantSignature: await grantSignature() },
    revocation: r,
    targets: [target('seller'), target('agent')],
    policy: { maxTargets: null, requireGrantProof: null, requireVerifiedIdentity: null },
    ...over,
  };
}
const run = async (input: RevocationInput, now = NOW): Promise<RevocationResult> => (await revocationPropagation.run(entry.request.parse(input) as RevocationInput, undefined as never, { now })).result;
const statuses = (result: RevocationResult) => result.targetResults.map((t) => [t.targetId, t.status, t.reason]);

describe('revocation-propagation request', () => {
  const base: RevocationInput = {
    authorizationProof: { revokerSignature: { scheme: 'eip712', signer: alice.address, signature: SIGNATURE, chainId: 8453 }, grantSignature: { scheme: 'eip191', signer: alice.address, signature: SIGNATURE } },
    revocation: revocation(),
    targets: [target('seller', {}, { grantTypes: ['human_intent'] })],
    policy: {},
  };
  const accepts = boundCase(entry.request, base);
  it.each([
    ['authorizationProof', undefined, false],
    ['authorizationProof.revokerSignature', undefined, false],
    ['authorizationProof.grantSignature', undefined, true],
    ['authorizationProof.grantSignature', { scheme: 'eip712', signer: alice.address, signature: SIGNATURE, chainId: 8453 }, false],
    ['authorizationProof.extra', 1, false],
    ['revocation', undefined, false],
    ['revocation.grantType', 'everything', false],
    ['revocation.grantor', 'alice', false],
    ['revocation.grantId', 'g'.repeat(200), true],
    ['revocation.grantId', 'g'.repeat(201), false],
    ['revocation.grantee', ' ', false],
    ['revocation.grantChecksum', 'c2'.repeat(32), true],
    ['revocation.grantChecksum', 'c2', false],
    ['revocation.effectiveAt', '2026-11-27', false],
    ['revocation.reason', 'r'.repeat(500), true],
    ['revocation.reason', 'r'.repeat(501), false],
    ['revocation.nonce', 'n'.repeat(128), true],
    ['revocation.nonce', 'n'.repeat(129), false],
    ['revocation.scope', 'all', false],
    ['targets', [], true],
    ['targets', times(25, (i) => target(`t${i}`)), true],
    ['targets', times(26, (i) => target(`t${i}`)), false],
    ['targets.0.targetId', 't'.repeat(200), true],
    ['targets.0.targetId', 't'.repeat(201), false],
    ['targets.0.endpoint', 'e'.repeat(2048), true],
    ['targets.0.endpoint', 'e'.repeat(2049), false],
    ['targets.0.identityVerified', undefined, false],
    ['targets.0.optIn', null, true],
    ['targets.0.optIn', undefined, true],
    ['targets.0.optIn.verified', 'yes', false],
    ['targets.0.optIn.expiresAt', undefined, false],
    ['targets.0.optIn.grantTypes', [], false],
    ['targets.0.optIn.grantTypes', ['human_intent', 'other'], true],
    ['targets.0.optIn.grantTypes', ['wildcard'], false],
    ['targets.0.optIn.evidenceHash', 'nope', false],
    ['targets.0.callback', 'https://x', false],
    ['policy', undefined, false],
    ['policy.maxTargets', 0, false],
    ['policy.maxTargets', 1, true],
    ['policy.maxTargets', 25, true],
    ['policy.maxTargets', 26, false],
    ['policy.maxTargets', null, true],
    ['policy.requireGrantProof', 'no', false],
    ['policy.requireVerifiedIdentity', null, true],
    ['policy.dispatch', true, false],
    ['dryRun', true, false],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });

  it('refuses a grant signature without the grant checksum it would sign', () => {
    expect(accepts('revocation.grantChecksum', undefined)).toBe(false);
    expect(entry.request.safeParse(withValue(withValue(base, 'revocation.grantChecksum', undefined), 'authorizationProof.grantSignature', undefined)).success).toBe(true);
  });
});

describe('revocation-propagation', () => {
  it('gives the revocation a deterministic id: sha256 of its canonical JSON, whatever the key order', async () => {
    const r = revocation();
    const id = `sha256:${createHash('sha256').update(canonicalJson(r)).digest('hex')}`;
    expect(revocationIdOf(Object.fromEntries(Object.entries(r).reverse()) as Revocation)).toBe(id);
    expect(revocationIdOf(revocation({ nonce: 'rev-2' }))).not.toBe(id);
    expect((await run(await request())).revocationId).toBe(id);
  });

  it.each(['eip191', 'eip712'] as const)('completes when the grantor signed the revocation (%s) and every target opted in', async (scheme) => {
    const r = revocation();
    const input = await request({ authorizationProof: { revokerSignature: await revokerSignature(r, scheme), grantSignature: await grantSignature() } }, r);
    const result = await run(input);
    expect(result).toMatchObject({ decision: 'completed', completionStatus: 'completed', authorizationStatus: 'authorized', riskScore: 0 });
    expect(statuses(result)).toEqual([
      ['seller', 'planned', null],
      ['agent', 'planned', null],
    ]);
    const [first] = result.targetResults;
    expect(first!.notice).toEqual({ kind: 'paysight.revocation_notice', version: 1, revocationId: result.revocationId, targetId: 'seller', revocation: r, authorizationProof: input.authorizationProof });
    expect(first!.noticeHash).toBe(`sha256:${createHash('sha256').update(canonicalJson(first!.notice)).digest('hex')}`);
    expect(first!.endpoint).toBe('https://seller.example/revocations');
    expect(result.evidence).toMatchObject({ delivery: expect.stringMatching(/contacted no target/), targets: { listed: 2, planned: 2, skipped: 0, refused: 0 } });
  });

  it('skips targets that did not opt in, or whose opt-in is unverified, not in force or for other grants, or whose identity is unverified', async () => {
    const targets = [
      target('ok'),
      target('none', { optIn: null }),
      target('unverified', {}, { verified: false }),
      target('lapsed', {}, { expiresAt: '2026-11-27T12:00:00Z' }),
      target('future', {}, { optedInAt: '2026-11-27T12:00:01Z' }),
      target('delegations-only', {}, { grantTypes: ['delegation'] }),
      target('unknown', { identityVerified: false }),
      target('ok'),
    ];
    const result = await run(await request({ targets }));
    expect(result).toMatchObject({ decision: 'partial', completionStatus: 'partial' });
    expect(statuses(result)).toEqual([
      ['ok', 'planned', null],
      ['none', 'skipped', 'not_opted_in'],
      ['unverified', 'skipped', 'opt_in_unverified'],
      ['lapsed', 'skipped', 'opt_in_not_in_force'],
      ['future', 'skipped', 'opt_in_not_in_force'],
      ['delegations-only', 'skipped', 'grant_type_not_covered'],
      ['unknown', 'skipped', 'identity_unverified'],
      ['ok', 'skipped', 'duplicate_target'],
    ]);
    expect(result.reasons.find((r) => r.code === 'opt_in_not_in_force')!.message).toContain('lapsed, future');
    const lenient = await run(await request({ targets: [target('unknown', { identityVerified: false })], policy: { requireVerifiedIdentity: false } }));
    expect(lenient.completionStatus).toBe('completed');
  });

  it('bounds the fan-out: targets past policy.maxTargets are refused', async () => {
    const result = await run(await request({ targets: [target('a', { optIn: null }), target('b'), target('c'), target('d')], policy: { maxTargets: 2 } }));
    expect(statuses(result)).toEqual([
      ['a', 'skipped', 'not_opted_in'],
      ['b', 'planned', null],
      ['c', 'planned', null],
      ['d', 'refused', 'fan_out_limit'],
    ]);
    expect(result).toMatchObject({ completionStatus: 'partial', riskScore: 30 });
  });

  it('fails, preparing nothing, when the revoker is not the grantor or the signature is not the revoker\'s', async () => {
    const r = revocation();
    const byMallory = await run(await request({ authorizationProof: { revokerSignature: await revokerSignature(r, 'eip712', mallory) } }, r));
    expect(byMallory).toMatchObject({ decision: 'failed', completionStatus: 'failed', authorizationStatus: 'not_grantor' });
    expect(statuses(byMallory)).toEqual([
      ['seller', 'refused', 'authority_not_established'],
      ['agent', 'refused', 'authority_not_established'],
    ]);
    expect(byMallory.targetResults.every((t) => t.notice === null && t.noticeHash === null)).toBe(true);
    const forged = { ...(await revokerSignature(r, 'eip191', mallory)), signer: alice.address };
    expect((await run(await request({ authorizationProof: { revokerSignature: forged } }, r))).authorizationStatus).toBe('invalid_signature');
    const otherRevocation = await revokerSignature(revocation({ effectiveAt: '2026-11-28T00:00:00Z' }));
    expect((await run(await request({ authorizationProof: { revokerSignature: otherRevocation, grantSignature: await grantSignature() } }, r))).authorizationStatus).toBe('invalid_signature');
  });

  it('asks for the grant proof by default, and holds it to the grantor and the grant checksum', async () => {
    const r = revocation();
    const revoker = await revokerSignature(r);
    const missing = await run(await request({ authorizationProof: { revokerSignature: revoker } }, r));
    expect(missing).toMatchObject({ completionStatus: 'failed', authorizationStatus: 'grant_proof_missing' });
    const tolerated = await run(await request({ authorizationProof: { revokerSignature: revoker }, policy: { requireGrantProof: false } }, r));
    expect(tolerated).toMatchObject({ completionStatus: 'completed', authorizationStatus: 'authorized_without_grant_proof', riskScore: 15 });
    expect((await run(await request({ authorizationProof: { revokerSignature: revoker, grantSignature: await grantSignature(mallory) } }, r))).authorizationStatus).toBe('grant_proof_invalid');
    const otherGrant = await grantSignature(alice, `sha256:${'99'.repeat(32)}`);
    expect((await run(await request({ authorizationProof: { revokerSignature: revoker, grantSignature: otherGrant } }, r))).authorizationStatus).toBe('grant_proof_invalid');
  });

  it('does not accept a smart-account revoker it cannot verify without a chain', async () => {
    const r = revocation();
    const contract = { ...(await revokerSignature(r)), signerType: 'contract' as const };
    expect(await run(await request({ authorizationProof: { revokerSignature: contract, grantSignature: await grantSignature() } }, r))).toMatchObject({ completionStatus: 'failed', authorizationStatus: 'unsupported_signer' });
  });

  it('fails when no listed target may take a notice, and completes with nothing to send when none is listed', async () => {
    const none = await run(await request({ targets: [target('x', { optIn: null })] }));
    expect(none).toMatchObject({ completionStatus: 'failed', authorizationStatus: 'authorized' });
    expect(none.reasons.map((r) => r.code)).toEqual(['authority_verified', 'not_opted_in', 'nothing_planned']);
    const empty = await run(await request({ targets: [] }));
    expect(empty).toMatchObject({ completionStatus: 'completed', targetResults: [] });
    expect(empty.reasons.map((r) => r.code)).toEqual(['authority_verified', 'no_targets']);
  });

  it('answers the same to the same request at the same instant', async () => {
    const input = await request({ targets: [target('a'), target('b', { optIn: null })] });
    expect(await run(structuredClone(input))).toEqual(await run(input));
  });
});
