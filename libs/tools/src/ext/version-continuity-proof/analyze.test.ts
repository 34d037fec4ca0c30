import { fingerprint, toolById } from '@paysight/contracts';
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import type { PrivateKeyAccount } from 'viem/accounts';
import { boundCase, times, withValue } from '../bounds.test-support.js';
import { ACCOUNTS } from '../signing.test-support.js';
import { setDiff } from './diff.js';
import { versionContinuityProof, type VersionInput, type VersionResult } from './index.js';
import type { AgentVersion } from './signature.js';

const entry = toolById('version_continuity_proof')!;
const { bob: owner, mallory } = ACCOUNTS;
const H = (n: number) => `sha256:${n.toString(16).padStart(64, '0')}`;
type Unsigned = Omit<AgentVersion, 'signature'>;

/** A fixed ed25519 test key (PKCS#8 of a constant seed). */
const ED_KEY = createPrivateKey({ key: Buffer.from(`302e020100300506032b657004220420${'11'.repeat(32)}`, 'hex'), format: 'der', type: 'pkcs8' });
const ED_PUBLIC = Buffer.from(createPublicKey(ED_KEY).export({ format: 'jwk' }).x!, 'base64url').toString('hex');

const previousUnsigned = (over: Partial<Unsigned> = {}): Unsigned => ({
  agentId: 'agent:booker',
  manifestHash: H(0xa0),
  codeHash: H(0xc0),
  signedAt: '2026-06-01T00:00:00Z',
  ownerKeys: [
    { keyId: 'owner-1', algorithm: 'eip191', publicKeyOrAddress: owner.address, status: 'active' },
    { keyId: 'owner-ed', algorithm: 'ed25519', publicKeyOrAddress: ED_PUBLIC, status: 'Active' },
    { keyId: 'old', algorithm: 'eip191', publicKeyOrAddress: mallory.address, status: 'revoked' },
  ],
  paymentWallets: [{ network: 'base', address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' }],
  routes: [
    { method: 'POST', path: '/book', operationId: 'book' },
    { method: 'GET', path: '/quote', operationId: 'quote' },
    { method: 'GET', path: '/status', operationId: 'status' },
    { method: 'DELETE', path: '/book', operationId: 'cancel' },
  ],
  requestSchemaHashes: [H(1), H(2), H(3), H(4)],
  responseSchemaHashes: [H(11), H(12), H(13), H(14)],
  permissionScopes: ['fares:read', 'bookings:write'],
  dependencyHashes: [H(21), H(22), H(23)],
  ...over,
});
/** The next version: same owner and lists, a new code and manifest hash, later. */
const currentUnsigned = (over: Partial<Unsigned> = {}): Unsigned => previousUnsigned({ manifestHash: H(0xa1), codeHash: H(0xc1), signedAt: '2026-11-20T00:00:00Z', ...over });

async function signedBy(version: Unsigned, keyId = 'owner-1', account: PrivateKeyAccount = owner): Promise<AgentVersion> {
  return { ...version, signature: { keyId, algorithm: 'eip191', value: await account.signMessage({ message: fingerprint(version) }) } };
}
const signedEd = (version: Unsigned): AgentVersion => ({ ...version, signature: { keyId: 'owner-ed', algorithm: 'ed25519', value: sign(null, Buffer.from(fingerprint(version)), ED_KEY).toString('base64') } });
async function request(current: Unsigned | AgentVersion = currentUnsigned(), policy: VersionInput['policy'] = {}, previous: Unsigned = previousUnsigned()): Promise<VersionInput> {
  return { previousVersion: await signedBy(previous), currentVersion: 'signature' in current ? current : await signedBy(current), policy };
}
const run = async (input: VersionInput): Promise<VersionResult> => (await versionContinuityProof.run(entry.request.parse(input) as VersionInput, undefined as never, { now: new Date() })).result;
const codes = (result: VersionResult) => result.reasons.map((r) => r.code);

describe('version-continuity-proof request', () => {
  const version = { ...previousUnsigned(), signature: { keyId: 'owner-1', algorithm: 'eip191', value: '0x00' } };
  const base: VersionInput = { previousVersion: version, currentVersion: version, rotationProofs: null, policy: { requireSameOwner: null, maximumSchemaBreakPercent: null, blockPrivilegeExpansionWithoutApproval: null, reputationTransferThreshold: null } };
  const accepts = boundCase(entry.request, base);
  const key = (i: number) => ({ keyId: `k${i}`, algorithm: 'eip191', publicKeyOrAddress: `0x${i.toString(16).padStart(40, '0')}`, status: 'active' });
  it.each([
    ['previousVersion', undefined, false],
    ['currentVersion', undefined, false],
    ['rotationProofs', undefined, true],
    ['rotationProofs', times(100, () => ({ any: 'shape' })), true],
    ['rotationProofs', times(101, () => ({})), false],
    ['policy', undefined, true],
    ['policy', {}, true],
    ['policy', null, false],
    ['currentVersion.ownerKeys', times(50, key), true],
    ['currentVersion.ownerKeys', times(51, key), false],
    ['currentVersion.ownerKeys.0.status', '', false],
    ['currentVersion.ownerKeys.0.comment', 'x', false],
    ['currentVersion.paymentWallets', times(50, (i) => ({ network: 'base', address: `w${i}` })), true],
    ['currentVersion.paymentWallets', times(51, (i) => ({ network: 'base', address: `w${i}` })), false],
    ['currentVersion.routes', times(200, (i) => ({ method: 'GET', path: `/r${i}`, operationId: '' })), true],
    ['currentVersion.routes', times(201, (i) => ({ method: 'GET', path: `/r${i}`, operationId: '' })), false],
    ['currentVersion.routes.0.operationId', undefined, false],
    ['currentVersion.requestSchemaHashes', times(200, H), true],
    ['currentVersion.requestSchemaHashes', times(201, H), false],
    ['currentVersion.requestSchemaHashes.0', 'not-a-hash', false],
    ['currentVersion.responseSchemaHashes', times(200, H), true],
    ['currentVersion.responseSchemaHashes', times(201, H), false],
    ['currentVersion.permissionScopes', times(200, (i) => `s${i}`), true],
    ['currentVersion.permissionScopes', times(201, (i) => `s${i}`), false],
    ['currentVersion.dependencyHashes', times(500, H), true],
    ['currentVersion.dependencyHashes', times(501, H), false],
    ['currentVersion.manifestHash', 'ab'.repeat(32), true],
    ['currentVersion.manifestHash', 'ab', false],
    ['currentVersion.codeHash', null, true],
    ['currentVersion.codeHash', undefined, false],
    ['currentVersion.signedAt', '2026-11-20', false],
    ['currentVersion.signature', undefined, false],
    ['currentVersion.signature.value', ' ', false],
    ['currentVersion.agentId', '', false],
    ['currentVersion.label', 'v2', false],
    ['policy.maximumSchemaBreakPercent', 0, true],
    ['policy.maximumSchemaBreakPercent', 100, true],
    ['policy.maximumSchemaBreakPercent', 100.5, false],
    ['policy.maximumSchemaBreakPercent', -1, false],
    ['policy.reputationTransferThreshold', 0, true],
    ['policy.reputationTransferThreshold', 100, true],
    ['policy.reputationTransferThreshold', 101, false],
    ['policy.reputationTransferThreshold', 70.5, false],
    ['policy.allowWalletRotationWithProof', true, true],
    ['policy.allowWalletRotationWithProof', null, false],
    ['policy.requireSameOwner', null, true],
    ['policy.approvals', [], false],
    ['note', 'top-level fields are closed', false],
  ])('%s = %j accepted: %s', (path, value, accepted) => {
    expect(accepts(path, value)).toBe(accepted);
  });
});

describe('version-continuity-proof', () => {
  it('computes set differences by hash join, each list deduplicated', () => {
    expect(setDiff(['a', 'b', 'b', 'c'], ['c', 'd', 'a'])).toEqual({ previous: 3, current: 3, kept: 2, added: ['d'], removed: ['b'] });
    expect(setDiff([], [])).toEqual({ previous: 0, current: 0, kept: 0, added: [], removed: [] });
  });

  it('allows a new version signed by the previous owner that keeps its surface (hand-checked score)', async () => {
    // Dependencies: 2 of 4 in the union kept (0.5 x 10); a route of 4 removed (0.75 x 10); everything else whole: 100 - 5 - 2.5 = 92.5 -> 93.
    const current = currentUnsigned({ dependencyHashes: [H(21), H(22), H(24)], routes: previousUnsigned().routes.slice(0, 3), paymentWallets: [{ network: 'eip155:8453', address: '0x90f79bf6eb2c4f870365e785982e1f101e93b906' }] });
    const result = await run(await request(current));
    expect(result).toMatchObject({ decision: 'allow', riskScore: 0, continuityScore: 93, signatureStatus: 'verified', sameOwner: true, schemaBreakPercent: { request: 0, response: 0 }, addedPermissionScopes: [] });
    expect(codes(result)).toEqual(['signature_verified', 'continuity_score']);
    expect(result.evidence).toMatchObject({ score: { measuredWeight: 100, components: { dependencies: { weight: 10, value: 0.5 }, routes: { weight: 10, value: 0.75 }, paymentWallets: { value: 1 } } } });
  });

  it('verifies an ed25519 owner key too', async () => {
    expect((await run(await request(signedEd(currentUnsigned())))).signatureStatus).toBe('verified');
  });

  it('blocks a version changed after it was signed, or signed by a key the previous owner did not hold', async () => {
    const signed = await signedBy(currentUnsigned());
    const tampered = { ...signed, permissionScopes: [...signed.permissionScopes, 'payments:send'] };
    const result = await run(await request(tampered));
    expect(result).toMatchObject({ decision: 'block', signatureStatus: 'invalid', addedPermissionScopes: ['payments:send'] });
    expect(codes(result)).toEqual(['signature_invalid', 'privilege_expansion_without_approval', 'continuity_score']);
    const edTampered = { ...signedEd(currentUnsigned()), agentId: 'agent:other' };
    expect((await run(await request(edTampered))).signatureStatus).toBe('invalid');

    const newKey = { keyId: 'new', algorithm: 'eip191', publicKeyOrAddress: mallory.address, status: 'active' };
    const takeover = await run(await request(await signedBy(currentUnsigned({ ownerKeys: [newKey] }), 'new', mallory)));
    expect(takeover).toMatchObject({ decision: 'block', signatureStatus: 'key_not_found', sameOwner: false });
    expect(codes(takeover)).toEqual(['signing_key_not_previous_owner', 'owner_changed', 'continuity_below_threshold']);
    // 0 for owner and signature: 50 of 100.
    expect(takeover.continuityScore).toBe(50);
    expect((await run(await request(await signedBy(currentUnsigned(), 'old', mallory)))).signatureStatus).toBe('key_not_active');
    const wrongAlgorithm = { ...(await signedBy(currentUnsigned())), signature: { keyId: 'owner-1', algorithm: 'ed25519', value: 'AA==' } };
    expect((await run(await request(wrongAlgorithm))).signatureStatus).toBe('algorithm_mismatch');
  });

  it('measures the removed request and response schemas apart: either past the limit blocks whatever the score', async () => {
    // Response: 2 of 4 gone (50%); request: none gone. Together that would be 2 of 8 (25%).
    const current = currentUnsigned({ responseSchemaHashes: [H(11), H(12)] });
    const blocked = await run(await request(current, { maximumSchemaBreakPercent: 40 }));
    expect(blocked).toMatchObject({ decision: 'block', schemaBreakPercent: { request: 0, response: 50 } });
    expect(blocked.continuityScore).toBeGreaterThanOrEqual(70);
    expect(codes(blocked)).toContain('schema_break_exceeds_limit');
    const atLimit = await run(await request(current, { maximumSchemaBreakPercent: 50 }));
    expect(atLimit).toMatchObject({ decision: 'allow', continuityScore: 93 });
    expect(codes(atLimit)).toContain('schemas_removed');
    // With the default of 100 no break blocks by itself.
    expect((await run(await request(currentUnsigned({ requestSchemaHashes: [] })))).decision).toBe('allow');
  });

  it('approves added scopes by the previous owner\'s verified signature only', async () => {
    const wider = currentUnsigned({ permissionScopes: ['fares:read', 'bookings:write', 'payments:send'] });
    const approved = await run(await request(wider));
    expect(approved).toMatchObject({ decision: 'allow', addedPermissionScopes: ['payments:send'] });
    expect(codes(approved)).toContain('privilege_expansion_approved');
    const unverifiable = { ...wider, ownerKeys: previousUnsigned().ownerKeys, signature: { keyId: 'owner-hsm', algorithm: 'rsa-pss', value: 'c2ln' } };
    const hsm = [...previousUnsigned().ownerKeys, { keyId: 'owner-hsm', algorithm: 'RSA-PSS', publicKeyOrAddress: 'MIIBIjAN', status: 'active' }];
    const blocked = await run(await request(unverifiable, {}, previousUnsigned({ ownerKeys: hsm })));
    expect(blocked).toMatchObject({ decision: 'block', signatureStatus: 'unverifiable_algorithm' });
    expect(codes(blocked)).toContain('privilege_expansion_without_approval');
    const reviewed = await run(await request(unverifiable, { blockPrivilegeExpansionWithoutApproval: false }, previousUnsigned({ ownerKeys: hsm })));
    expect(reviewed.decision).toBe('insufficient_evidence');
  });

  it('answers insufficient_evidence when the signature cannot be verified, scoring only what it can measure', async () => {
    const hsm = [{ keyId: 'owner-hsm', algorithm: 'rsa-pss', publicKeyOrAddress: 'MIIBIjAN', status: 'active' }];
    const current = { ...currentUnsigned({ ownerKeys: hsm }), signature: { keyId: 'owner-hsm', algorithm: 'rsa-pss', value: 'c2ln' } };
    const result = await run(await request(current, {}, previousUnsigned({ ownerKeys: hsm })));
    expect(result).toMatchObject({ decision: 'insufficient_evidence', signatureStatus: 'unverifiable_algorithm', continuityScore: 100, riskScore: 15 });
    expect(result.evidence).toMatchObject({ score: { measuredWeight: 75, components: { signature: { value: null } } } });
    const ownerless = previousUnsigned({ ownerKeys: [{ keyId: 'owner-1', algorithm: 'eip191', publicKeyOrAddress: owner.address, status: 'retired' }] });
    const noKeys = await run(await request(currentUnsigned(), {}, ownerless));
    expect(noKeys).toMatchObject({ decision: 'insufficient_evidence', signatureStatus: 'no_previous_keys', sameOwner: false });
    expect(noKeys.evidence).toMatchObject({ score: { measuredWeight: 50 } });
  });

  it('reviews rotated wallets, a changed agent id, an earlier signature date and an unchanged manifest hash', async () => {
    const result = await run(await request(currentUnsigned({ paymentWallets: [{ network: 'base', address: '0x0000000000000000000000000000000000000001' }], agentId: 'agent:booker-v2', signedAt: '2026-05-01T00:00:00Z', manifestHash: H(0xa0) })));
    expect(result).toMatchObject({ decision: 'review', riskScore: 60, continuityScore: 90 });
    expect(codes(result)).toEqual(['signature_verified', 'payment_wallets_rotated', 'agent_id_changed', 'not_signed_after_previous', 'manifest_hash_unchanged', 'continuity_score']);
  });

  it('blocks a continuity score below the threshold, reviews a different owner when the policy allows it', async () => {
    const rebuilt = currentUnsigned({ routes: [{ method: 'GET', path: '/v2', operationId: 'v2' }], dependencyHashes: [H(99)], paymentWallets: [], permissionScopes: [] });
    const result = await run(await request(rebuilt, { reputationTransferThreshold: 80 }));
    // owner 25 + signature 25 + schemas 15 + scopes 5 = 70.
    expect(result).toMatchObject({ decision: 'block', continuityScore: 70 });
    expect(codes(result)).toContain('continuity_below_threshold');
    expect((await run(await request(rebuilt, { reputationTransferThreshold: 70 }))).decision).toBe('review');

    const coOwner = { keyId: 'co', algorithm: 'eip191', publicKeyOrAddress: mallory.address, status: 'active' };
    const handedOver = await signedBy(currentUnsigned({ ownerKeys: [coOwner] }));
    const lenient = await run(await request(handedOver, { requireSameOwner: false, reputationTransferThreshold: 50 }));
    expect(lenient).toMatchObject({ decision: 'review', sameOwner: false, signatureStatus: 'verified', continuityScore: 75 });
    expect(lenient.reasons.find((r) => r.code === 'owner_changed')!.severity).toBe('warning');
  });

  it('records rotation proofs without enforcing them, and notes unknown code hashes', async () => {
    const input = { ...(await request(currentUnsigned({ codeHash: null }))), rotationProofs: [{ kind: 'wallet', proof: '0x' }] };
    const result = await run(input);
    expect(result.decision).toBe('allow');
    expect(codes(result)).toEqual(['signature_verified', 'code_hash_unknown', 'rotation_proofs_not_enforced', 'continuity_score']);
  });

  it('gives the same answer whatever the order of the lists', async () => {
    const current = currentUnsigned({ dependencyHashes: [H(23), H(21), H(24)], routes: [...previousUnsigned().routes].reverse() });
    const shuffled = previousUnsigned({ requestSchemaHashes: [H(4), H(3), H(2), H(1)], ownerKeys: [...previousUnsigned().ownerKeys].reverse() });
    const a = await run(await request(current));
    const b = await run(await request(current, {}, shuffled));
    expect({ ...b, evidence: undefined }).toEqual({ ...a, evidence: undefined });
    expect(await run(structuredClone(await request(current)))).toEqual(a);
  });

  it('never throws on a well-formed request with a malformed key or signature', async () => {
    const broken = withValue(await signedBy(currentUnsigned()), 'signature.value', 'not-hex');
    expect((await run(await request(broken))).signatureStatus).toBe('invalid');
    const badEd = { ...signedEd(currentUnsigned()), signature: { keyId: 'owner-ed', algorithm: 'ed25519', value: '***' } };
    expect((await run(await request(badEd))).signatureStatus).toBe('invalid');
  });
});
