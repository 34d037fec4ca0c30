import { canonicalJson, toolById } from '@paysight/contracts';
import { startTestApi, type TestApi } from '@paysight/testkit/api';
import { createHash } from 'node:crypto';
import { paidToolCallTests } from './paid-tool-call.js';

/** What a caller can compute from the body it sent: the extended envelope's inputFingerprint. */
const fingerprintOf = (body: Record<string, unknown>) => `sha256:${createHash('sha256').update(canonicalJson(body)).digest('hex')}`;
const example = (id: 'human_intent_checksum' | 'revocation_propagation' | 'version_continuity_proof') => () => structuredClone(toolById(id)!.example) as Record<string, unknown>;

const intentCall = example('human_intent_checksum');
paidToolCallTests('human_intent_checksum', intentCall, (body) => {
  expect(body).toMatchObject({ decision: 'allow', riskScore: 0, checksumValid: true, signatureStatus: 'valid', violations: [], intentChecksum: (intentCall() as { intentChecksum: string }).intentChecksum });
  expect(body.inputFingerprint).toBe(fingerprintOf(intentCall()));
});

// The buyer paying for this call is a fresh wallet, not the grantor: authority comes from the signatures alone.
const revocationCall = example('revocation_propagation');
paidToolCallTests('revocation_propagation', revocationCall, (body) => {
  expect(body).toMatchObject({ decision: 'partial', completionStatus: 'partial', authorizationStatus: 'authorized' });
  expect((body.targetResults as { targetId: string; status: string }[]).map((t) => [t.targetId, t.status])).toEqual([
    ['seller:example-fares', 'planned'],
    ['agent:travel-booker', 'planned'],
    ['registry:agent-directory', 'skipped'],
  ]);
  expect(body.revocationId).toBe(fingerprintOf((revocationCall() as { revocation: Record<string, unknown> }).revocation));
  expect(body.inputFingerprint).toBe(fingerprintOf(revocationCall()));
});

const versionCall = example('version_continuity_proof');
paidToolCallTests('version_continuity_proof', versionCall, (body) => {
  expect(body).toMatchObject({ decision: 'allow', continuityScore: 95, signatureStatus: 'verified', sameOwner: true });
  expect(body.inputFingerprint).toBe(fingerprintOf(versionCall()));
});

describe('intent, revocation and continuity requests at their maxima', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());
  const post = (path: string, body: unknown) => fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const hash = (i: number) => `sha256:${i.toString(16).padStart(64, '0')}`;

  it('validates the largest revocation (25 targets) and asks for payment; refuses 26 with a free 400', async () => {
    const target = (i: number) => ({ targetId: `target-${i}`, endpoint: `https://target-${i}.example/revocations`, identityVerified: true, optIn: { evidenceHash: hash(i), verified: true, optedInAt: '2026-10-01T00:00:00Z', expiresAt: null } });
    const body = { ...revocationCall(), targets: Array.from({ length: 25 }, (_, i) => target(i)) };
    expect((await post('/api/ext/revocation-propagation', body)).status).toBe(402);
    const over = await post('/api/ext/revocation-propagation', { ...body, targets: Array.from({ length: 26 }, (_, i) => target(i)) });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('validates two versions with every list at its maximum within the body limit', async () => {
    const { previousVersion } = versionCall() as { previousVersion: Record<string, unknown> };
    const full = {
      ...previousVersion,
      ownerKeys: Array.from({ length: 50 }, (_, i) => ({ keyId: `key-${i}`, algorithm: 'eip191', publicKeyOrAddress: `0x${i.toString(16).padStart(40, '0')}`, status: 'active' })),
      paymentWallets: Array.from({ length: 50 }, (_, i) => ({ network: 'base', address: `0x${(i + 1000).toString(16).padStart(40, '0')}` })),
      routes: Array.from({ length: 200 }, (_, i) => ({ method: 'GET', path: `/api/v1/resource-${i}`, operationId: `getResource${i}` })),
      requestSchemaHashes: Array.from({ length: 200 }, (_, i) => hash(i)),
      responseSchemaHashes: Array.from({ length: 200 }, (_, i) => hash(i + 200)),
      permissionScopes: Array.from({ length: 200 }, (_, i) => `scope:${i}`),
      dependencyHashes: Array.from({ length: 500 }, (_, i) => hash(i + 400)),
    };
    const body = { previousVersion: full, currentVersion: full };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(256 * 1024);
    expect((await post('/api/ext/version-continuity-proof', body)).status).toBe(402);
    const over = await post('/api/ext/version-continuity-proof', { ...body, currentVersion: { ...full, dependencyHashes: [...full.dependencyHashes, hash(9999)] } });
    expect(over.status).toBe(400);
  });

  it('validates an intent with every allow-list at its maximum within the body limit', async () => {
    const call = intentCall() as { intent: Record<string, unknown> };
    const strings = (n: number, length: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}/`.padEnd(length, 'x'));
    const intent = { ...call.intent, allowedPayees: strings(100, 200, 'payee:'), allowedResources: strings(100, 1024, 'https://api.example.com/'), allowedNetworks: strings(20, 64, 'net-') };
    const body = { ...call, intent };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(256 * 1024);
    expect((await post('/api/ext/human-intent-checksum', body)).status).toBe(402);
    expect((await post('/api/ext/human-intent-checksum', { ...body, intent: { ...intent, allowedResources: strings(101, 10, 'r') } })).status).toBe(400);
  });

  it('refuses an issue request that carries verify fields with a free 400', async () => {
    const { intent } = intentCall() as { intent: unknown };
    expect((await post('/api/ext/human-intent-checksum', { mode: 'issue', intent })).status).toBe(402);
    const mixed = await post('/api/ext/human-intent-checksum', { ...intentCall(), mode: 'issue' });
    expect(mixed.status).toBe(400);
    expect(await mixed.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});
