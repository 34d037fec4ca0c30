import { catalogEntry } from '@paysight/contracts';
import { describeX402Finding, findSensitiveInput, type SecretKind } from '../src/sensitive-input.js';
import { validateRequest } from '../src/validate.js';

/** The x402-* family's rules (design sheet §0, a–f) on top of the service's one detector. */
const MNEMONIC = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
const KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const XPRV = `xprv${'9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi'.slice(0, 107)}`;
const AUTH = { from: `0x${'1'.repeat(40)}`, to: `0x${'2'.repeat(40)}`, value: '10000', validAfter: '0', validBefore: '1900000000', nonce: `0x${'ab'.repeat(32)}` };
const SIG = `0x${'cd'.repeat(65)}`;

const X402_ONLY: [string, unknown, SecretKind][] = [
  ['(a) a seed key, even with a number', { sim: { seed: 42 } }, 'secret_field'],
  ['(a) a cookie', { headers: { Cookie: 'sid=1' } }, 'secret_field'],
  ['(a) an Authorization header string', { headers: { authorization: 'Basic abc' } }, 'secret_field'],
  ['(a) names compared without _ and -', { 'Client-Secret': '' }, 'secret_field'],
  ['(a) refresh_token', { refresh_token: null }, 'secret_field'],
  ['(a) xprv as a key', { xprv: 'x' }, 'secret_field'],
  ['(e) a 64-hex value under a hash-sounding secret key', { seedHash: KEY }, 'private_key'],
  ['(f) a signed EIP-3009 authorization', { payload: { signature: SIG, authorization: AUTH } }, 'signed_authorization'],
  ['(f) a signed Permit2 authorization', { payload: { signature: SIG, permit2Authorization: { permitted: {} } } }, 'signed_authorization'],
];

const BOTH: [string, unknown, SecretKind][] = [
  ['(b) a 12-word mnemonic', { notes: MNEMONIC }, 'mnemonic'],
  ['(e) a 64-hex value under a key ending pk', { signerPk: `0x${KEY}` }, 'private_key'],
  ['(c) an extended private key', { notes: XPRV }, 'extended_private_key'],
  ['(c) a PEM block', { notes: '-----BEGIN PRIVATE KEY-----\nMII' }, 'pem_private_key'],
  ['(d) a JWK with d', { jwk: { kty: 'OKP', d: 'x' } }, 'jwk_private_key'],
];

describe('secret guard, x402-* rules', () => {
  it.each(X402_ONLY)('x402 refuses %s; the service rules alone do not', (_what, body, kind) => {
    expect(findSensitiveInput(body, 'x402')?.kind).toBe(kind);
    expect(findSensitiveInput(body)).toBeNull();
  });

  it.each(BOTH)('both refuse %s', (_what, body, kind) => {
    expect(findSensitiveInput(body, 'x402')?.kind).toBe(kind);
    expect(findSensitiveInput(body)?.kind).toBe(kind);
  });

  it('allows an unsigned EIP-3009 authorization, and a signature without an authorization beside it', () => {
    expect(findSensitiveInput({ payload: { authorization: AUTH } }, 'x402')).toBeNull();
    expect(findSensitiveInput({ receipt: { signature: SIG } }, 'x402')).toBeNull();
    expect(findSensitiveInput({ payload: { signature: '0xabc', authorization: AUTH } }, 'x402')).toBeNull();
    expect(findSensitiveInput({ payTo: `0x${'1'.repeat(40)}`, txHash: `0x${KEY}` }, 'x402')).toBeNull();
  });

  it('an x402-* request answers secret_material_rejected and echoes nothing of the body', () => {
    const entry = catalogEntry('x402_catalog_drift_monitor');
    const body = { ...entry.example, catalog_json: { tools: [{ apiKey: 'sk_live_VERYSECRET' }] } };
    const validated = validateRequest(entry, body);
    expect(validated.ok).toBe(false);
    if (validated.ok) return;
    expect(validated.error.error).toEqual({ code: 'secret_material_rejected', message: expect.any(String), details: { kind: 'secret_field' } });
    expect(JSON.stringify(validated.error)).not.toMatch(/VERYSECRET|apiKey|catalog_json/);
    expect(describeX402Finding({ kind: 'mnemonic', path: 'notes' })).not.toContain('notes');
  });

  it('skips only the fields the catalog entry names as capability tokens (the notary\'s scope token and lookup secret)', () => {
    const entry = catalogEntry('x402_response_provenance_notary');
    expect(entry.secretGuardExempt).toEqual(['idempotency_scope_token', 'lookup_secret']);
    const verify = { mode: 'verify', notary_id: `ntr_${'a'.repeat(32)}`, response_hash: `sha256:${'0'.repeat(64)}` };
    // A 64-hex value under a *secret* key is refused anywhere else (§0 e); here it is the tool's own token.
    expect(findSensitiveInput({ lookup_secret: KEY }, 'x402')?.kind).toBe('private_key');
    expect(validateRequest(entry, { ...verify, lookup_secret: KEY }).ok).toBe(true);
    const elsewhere = validateRequest(entry, { ...verify, lookup_secret: 'W'.repeat(43), service_label: MNEMONIC });
    expect(!elsewhere.ok && elsewhere.error.error.code).toBe('secret_material_rejected');
    // Without the exemption the same body is refused.
    expect(validateRequest({ ...entry, secretGuardExempt: [] }, { ...verify, lookup_secret: KEY }).ok).toBe(false);
  });

  it('the seed pack\'s integer PRNG seed is exempt; a seed phrase anywhere else, or in seed itself, is still refused', () => {
    const entry = catalogEntry('x402_agent_commerce_sandbox_seed_pack');
    expect(entry.secretGuardExempt).toEqual(['seed']);
    expect(validateRequest(entry, entry.example).ok).toBe(true);
    const hidden = validateRequest(entry, { ...entry.example, scenarios: [MNEMONIC] });
    expect(!hidden.ok && hidden.error.error.code).toBe('secret_material_rejected');
    const asSeed = validateRequest(entry, { ...entry.example, seed: MNEMONIC });
    // Only an integer (or a base64url token) in an exempt field is skipped: a phrase there is searched like any field.
    expect(!asSeed.ok && asSeed.error.error.code).toBe('secret_material_rejected');
    expect(JSON.stringify(asSeed)).not.toContain(MNEMONIC.split(' ')[0]);
  });

  it('skips an agent card\'s JWS parts for the trust radar (dotted paths), only while they are base64url strings', () => {
    const entry = catalogEntry('x402_a2a_agent_card_trust_radar');
    expect(entry.secretGuardExempt).toEqual(['agent_card.signatures[].protected', 'agent_card.signatures[].signature']);
    // A protected header that happens to be 64 hex digits reads as a private key to the guard (§0 e/c), yet it is base64url.
    const card = (signature: Record<string, unknown>) => ({ agent_card: { ...(entry.example as { agent_card: object }).agent_card, signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2ln' }, signature] } });
    const hexHeader = card({ protected: KEY, signature: 'c2ln' });
    expect(findSensitiveInput(hexHeader, 'x402')?.kind).toBe('private_key');
    expect(validateRequest(entry, hexHeader).ok).toBe(true);
    expect(validateRequest({ ...entry, secretGuardExempt: [] }, hexHeader).ok).toBe(false);
    // Not a token: searched as usual, and so is everything else in the signature entry.
    const spaced = validateRequest(entry, card({ protected: MNEMONIC, signature: 'c2ln' }));
    expect(!spaced.ok && spaced.error.error.code).toBe('secret_material_rejected');
    const beside = validateRequest(entry, card({ protected: 'eyJ9', signature: 'c2ln', header: { jwk: { kty: 'EC', d: 'x' } } }));
    expect(!beside.ok && beside.error.error.code).toBe('secret_material_rejected');
  });

  it('a schema issue may name its error code: the notary\'s field_not_allowed_in_mode', () => {
    const entry = catalogEntry('x402_response_provenance_notary');
    const validated = validateRequest(entry, { ...entry.example, lookup_secret: 'W'.repeat(43) });
    expect(!validated.ok && validated.error.error).toMatchObject({ code: 'field_not_allowed_in_mode', details: { issues: [{ path: 'lookup_secret', message: 'not allowed in mode create' }] } });
    const { tool_id: _t, ...missing } = entry.example as Record<string, unknown>;
    const refusedMissing = validateRequest(entry, missing);
    expect(!refusedMissing.ok && refusedMissing.error.error.code).toBe('invalid_request');
  });

  it('other families keep sensitive_input with the field path', () => {
    const entry = catalogEntry('wallet_snapshot');
    const validated = validateRequest(entry, { ...entry.example, notes: MNEMONIC });
    expect(!validated.ok && validated.error.error.code).toBe('sensitive_input');
  });
});

describe('secret guard, x402-* exemption: seller receipt signatures (#23)', () => {
  const receipt = { format: 'eip712', payload: { version: 1, network: 'eip155:8453', resourceUrl: 'https://s.example/x', payer: AUTH.from, issuedAt: 1_800_000_000, transaction: '' }, signature: SIG };
  const delivery = { format: 'eip712', payload: { version: 1, receipt: `0x${KEY}`, x402RequestId: 'r1', responseHash: `0x${KEY}` }, signature: SIG };

  it('a signed receipt and the delivery binding (whose receipt digest is 64 hex) pass, inside a settlement response too', () => {
    expect(findSensitiveInput({ receipt }, 'x402')).toBeNull();
    expect(findSensitiveInput({ settlement: { success: true, extensions: { 'paysight-delivery': { info: { delivery } } } } }, 'x402')).toBeNull();
    expect(findSensitiveInput({ delivery })?.kind).toBe('private_key');
  });

  it('only the exact shape is exempt: an extra member, a nested payload value or a short signature is searched as usual', () => {
    expect(findSensitiveInput({ delivery: { ...delivery, seed: 'x' } }, 'x402')).not.toBeNull();
    expect(findSensitiveInput({ receipt: { ...receipt, seed: 'x' } }, 'x402')?.kind).toBe('secret_field');
    expect(findSensitiveInput({ delivery: { ...delivery, payload: { ...delivery.payload, responseHash: { privateKey: KEY } } } }, 'x402')).not.toBeNull();
    expect(findSensitiveInput({ delivery: { ...delivery, signature: '0xabc' } }, 'x402')?.kind).toBe('private_key');
    expect(findSensitiveInput({ receipt: { ...receipt, payload: { ...receipt.payload, notes: MNEMONIC } } }, 'x402')?.kind).toBe('mnemonic');
  });

  it('the scorer accepts a settlement response carrying this service\'s receipt and delivery binding', () => {
    const entry = catalogEntry('x402_signed_receipt_delivery_confidence_scorer');
    const body = { ...entry.example, settlement: { ...entry.example.settlement, extensions: { 'offer-receipt': { info: { receipt } }, 'paysight-delivery': { info: { delivery } } } }, receipt };
    expect(validateRequest(entry, body).ok).toBe(true);
  });
});
