import { generateKeyPairSync, sign } from 'node:crypto';
import { X402_REFERENCE_DATA_VERSION, catalogEntry, signedReceiptDeliveryConfidenceScorerRequest, signedReceiptDeliveryConfidenceScorerResult } from '@paysight/contracts';
import { RECEIPT_TYPES, createReceiptDomain, prepareReceiptForEIP712 } from '@x402/extensions/offer-receipt';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { analyzeReceiptDelivery } from './analyze.js';
import { checkReceiptSignature } from './signature.js';

const SELLER = privateKeyToAccount(generatePrivateKey());
const STRANGER = privateKeyToAccount(generatePrivateKey());
const PAYER = `0x${'1'.repeat(40)}`;
const TX = `0x${'ab'.repeat(32)}`;
const URL_PAID = 'https://api.example.com/api/x402/tx-status';
const EXPECTED = { payer: PAYER, network: 'eip155:8453', resource_url: URL_PAID, pay_to: SELLER.address };
const SETTLEMENT = { success: true, payer: PAYER, network: 'eip155:8453', transaction: TX };
const PAYLOAD = { version: 1, network: 'eip155:8453', resourceUrl: URL_PAID, payer: PAYER, issuedAt: 1_790_000_000, transaction: TX };

async function eip712(payload: Record<string, unknown> = PAYLOAD, signer = SELLER, chainId?: number) {
  const message = prepareReceiptForEIP712({ ...PAYLOAD, ...payload } as typeof PAYLOAD);
  const signature = await signer.signTypedData({ domain: { ...createReceiptDomain(), ...(chainId ? { chainId } : {}) }, types: RECEIPT_TYPES, primaryType: 'Receipt', message });
  return { format: 'eip712', payload: { ...PAYLOAD, ...payload }, signature };
}

const P256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const JWK = { ...P256.publicKey.export({ format: 'jwk' }), kid: 'did:web:api.example.com#receipts' };
function jws(payload: Record<string, unknown> = PAYLOAD, header: Record<string, unknown> = { alg: 'ES256', kid: JWK.kid }) {
  const signingInput = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key: P256.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return { format: 'jws', signature: `${signingInput}.${signature}` };
}

async function run(body: Record<string, unknown>) {
  const input = signedReceiptDeliveryConfidenceScorerRequest.parse({ expected: EXPECTED, ...body });
  const output = analyzeReceiptDelivery(input, await checkReceiptSignature(input));
  expect(signedReceiptDeliveryConfidenceScorerResult.safeParse(output.result).error).toBeUndefined();
  return output.result;
}
const points = (result: { components: { name: string; points: number }[] }) => Object.fromEntries(result.components.map((c) => [c.name, c.points]));

describe('x402-signed-receipt-delivery-confidence-scorer', () => {
  it('the worked example of design §23: settlement and exposure without a receipt score 45, likely_delivered', async () => {
    const input = signedReceiptDeliveryConfidenceScorerRequest.parse({ expected: EXPECTED, settlement: SETTLEMENT, delivery: { channel: 'http_header', exposed_to_client: true } });
    const output = analyzeReceiptDelivery(input, await checkReceiptSignature(input));
    const result = output.result;
    expect(result.score).toBe(45);
    expect(points(result)).toEqual({ settlement_success: 20, settlement_payer: 10, network_matches: 5, transaction: 5, delivery_exposed: 5, receipt_present: 0, signature_valid: 0, signer_authorized: 0, receipt_fields_match: 0 });
    expect(result.decision).toBe('likely_delivered');
    expect(result.signature_status).toBe('absent');
    expect(result.recovered_signer).toBeNull();
    expect(result.confidence).toBe('medium');
    expect(result.risk_flags).toEqual(['no_receipt']);
    expect(output.metadata.reference_data_version).toBe(X402_REFERENCE_DATA_VERSION);
  });

  it('delivered_confirmed: an EIP-712 receipt signed by the payee over the x402 receipt domain scores 100, high', async () => {
    const result = await run({ settlement: SETTLEMENT, delivery: { channel: 'mcp_meta', exposed_to_client: true }, receipt: await eip712() });
    expect([result.decision, result.score, result.signature_status, result.recovered_signer, result.confidence]).toEqual(['delivered_confirmed', 100, 'valid', SELLER.address, 'high']);
    expect(result.risk_flags).toEqual([]);
  });

  it('the sheet\'s domain reading (chainId of the network) is accepted for an authorized signer; v1 aliases and did:pkh signers normalize', async () => {
    const result = await run({ expected: { ...EXPECTED, network: 'base' }, settlement: SETTLEMENT, receipt: await eip712({}, SELLER, 8453), authorized_signers: [`did:pkh:eip155:8453:${SELLER.address}`] });
    expect([result.decision, result.signature_status, result.recovered_signer, result.score]).toEqual(['delivered_confirmed', 'valid', SELLER.address, 95]);
  });

  it('an empty receipt transaction is privacy-minimal and costs nothing', async () => {
    const result = await run({ settlement: SETTLEMENT, delivery: { channel: 'body', exposed_to_client: true }, receipt: await eip712({ transaction: '' }) });
    expect([result.decision, result.score]).toEqual(['delivered_confirmed', 100]);
  });

  it('a valid signature by someone else: no signer points, not confirmed (likely_delivered at 85)', async () => {
    const result = await run({ settlement: SETTLEMENT, delivery: { channel: 'http_header', exposed_to_client: true }, receipt: await eip712({}, STRANGER) });
    expect([result.decision, result.score, result.signature_status, result.recovered_signer]).toEqual(['likely_delivered', 85, 'valid', STRANGER.address]);
    expect(result.risk_flags).toEqual(['signer_not_authorized']);
  });

  it('receipt_invalid: a signature that recovers no signer is a hard fail', async () => {
    const receipt = { ...(await eip712()), signature: `0x${'00'.repeat(65)}` };
    const result = await run({ settlement: SETTLEMENT, receipt });
    expect([result.decision, result.signature_status]).toEqual(['receipt_invalid', 'invalid']);
    expect(result.risk_flags).toContain('signature_invalid');
  });

  it('receipt_invalid: a correctly signed receipt for another payer or network', async () => {
    const otherPayer = await run({ settlement: SETTLEMENT, receipt: await eip712({ payer: `0x${'9'.repeat(40)}` }) });
    expect([otherPayer.decision, otherPayer.signature_status]).toEqual(['receipt_invalid', 'valid']);
    expect(otherPayer.risk_flags).toContain('receipt_payer_mismatch');
    const otherNetwork = await run({ settlement: SETTLEMENT, receipt: await eip712({ network: 'eip155:1' }) });
    expect(otherNetwork.decision).toBe('receipt_invalid');
    expect(otherNetwork.risk_flags).toContain('receipt_network_mismatch');
  });

  it('a receipt for another resource or transaction loses the field points but is no hard fail', async () => {
    const result = await run({ settlement: SETTLEMENT, delivery: { channel: 'http_header', exposed_to_client: true }, receipt: await eip712({ resourceUrl: 'https://api.example.com/other', transaction: `0x${'cd'.repeat(32)}` }) });
    expect([result.decision, result.score, points(result).receipt_fields_match]).toEqual(['delivered_confirmed', 90, 0]);
    expect(result.risk_flags).toEqual(['receipt_resource_mismatch', 'receipt_transaction_mismatch']);
  });

  it('unconfirmed: nothing but the expectation scores 0, low confidence', async () => {
    const result = await run({});
    expect([result.decision, result.score, result.confidence, result.signature_status]).toEqual(['unconfirmed', 0, 'low', 'absent']);
    expect(result.risk_flags).toEqual(['no_receipt', 'no_settlement', 'not_exposed_to_client']);
  });

  it('unconfirmed: a failed settlement on another network with a malformed transaction', async () => {
    const result = await run({ settlement: { success: false, payer: PAYER, network: 'solana', transaction: 'pending' }, expected: { ...EXPECTED, transaction: TX } });
    expect([result.decision, result.score]).toEqual(['unconfirmed', 10]);
    expect(result.risk_flags).toEqual(['network_mismatch', 'no_receipt', 'not_exposed_to_client', 'settlement_not_successful', 'transaction_malformed']);
  });

  it('the expected transaction must equal the settlement\'s', async () => {
    const result = await run({ settlement: SETTLEMENT, expected: { ...EXPECTED, transaction: `0x${'cd'.repeat(32)}` } });
    expect(points(result).transaction).toBe(0);
    expect(result.risk_flags).toContain('transaction_mismatch');
  });

  describe('JWS receipts', () => {
    it('verified with the supplied JWK matched by kid; the kid is the signer', async () => {
      const result = await run({ settlement: SETTLEMENT, delivery: { channel: 'http_header', exposed_to_client: true }, receipt: jws(), jwks: [JWK], authorized_signers: [JWK.kid] });
      expect([result.decision, result.score, result.signature_status, result.recovered_signer]).toEqual(['delivered_confirmed', 100, 'valid', JWK.kid]);
    });
    it('unverifiable without a JWK for its kid: the signature scores 0, no hard fail', async () => {
      const result = await run({ settlement: SETTLEMENT, receipt: jws(), jwks: [{ ...JWK, kid: 'other' }] });
      expect([result.decision, result.signature_status, points(result).signature_valid, points(result).receipt_fields_match]).toEqual(['likely_delivered', 'unverifiable', 0, 10]);
      expect(result.risk_flags).toContain('signature_unverifiable');
    });
    it('unverifiable for an algorithm the tool does not verify', async () => {
      expect((await run({ receipt: jws(PAYLOAD, { alg: 'HS256', kid: JWK.kid }), jwks: [JWK] })).signature_status).toBe('unverifiable');
    });
    it('invalid when the payload was changed after signing', async () => {
      const original = jws();
      const [header, , signature] = original.signature.split('.');
      const forged = `${header}.${Buffer.from(JSON.stringify({ ...PAYLOAD, payer: `0x${'2'.repeat(40)}` })).toString('base64url')}.${signature}`;
      const result = await run({ settlement: SETTLEMENT, receipt: { format: 'jws', signature: forged }, jwks: [JWK] });
      expect([result.decision, result.signature_status]).toEqual(['receipt_invalid', 'invalid']);
    });
    it('invalid when it is no compact JWS', async () => {
      expect((await run({ receipt: { format: 'jws', signature: 'not-a-jws' } })).signature_status).toBe('invalid');
    });
  });

  describe('request schema', () => {
    const ok = (body: Record<string, unknown>) => signedReceiptDeliveryConfidenceScorerRequest.safeParse({ expected: EXPECTED, ...body }).success;
    it('bounds: at most 10 authorized signers and 5 JWKs', () => {
      expect(ok({ authorized_signers: Array.from({ length: 10 }, (_, i) => `kid-${i}`) })).toBe(true);
      expect(ok({ authorized_signers: Array.from({ length: 11 }, (_, i) => `kid-${i}`) })).toBe(false);
      expect(ok({ jwks: Array.from({ length: 5 }, () => JWK) })).toBe(true);
      expect(ok({ jwks: Array.from({ length: 6 }, () => JWK) })).toBe(false);
      expect(ok({ expected: { ...EXPECTED, resource_url: `https://a.example/${'x'.repeat(2048 - 18)}` } })).toBe(true);
      expect(ok({ expected: { ...EXPECTED, resource_url: `https://a.example/${'x'.repeat(2048 - 17)}` } })).toBe(false);
    });
    it('required fields, types and closed objects', () => {
      expect(signedReceiptDeliveryConfidenceScorerRequest.safeParse({}).success).toBe(false);
      expect(ok({ expected: { ...EXPECTED, pay_to: undefined } })).toBe(false);
      expect(ok({ expected: { ...EXPECTED, extra: 1 } })).toBe(false);
      expect(ok({ extra: 1 })).toBe(false);
      expect(ok({ delivery: { channel: 'sms', exposed_to_client: true } })).toBe(false);
      expect(ok({ delivery: { channel: 'body', exposed_to_client: 'yes' } })).toBe(false);
      expect(ok({ receipt: { format: 'eip712', signature: '0x00' } })).toBe(false);
      expect(ok({ receipt: { format: 'eip712', payload: { ...PAYLOAD, extra: 1 }, signature: '0x00' } })).toBe(false);
      expect(ok({ receipt: { format: 'jws', signature: 'a.b.c' } })).toBe(true);
      expect(ok({ settlement: [] as unknown as Record<string, unknown> })).toBe(false);
    });
  });

  it('a maximal request (a 250 KiB settlement, 10 signers, 5 JWKs, a 16 KiB JWS) does not crash', async () => {
    const settlement = { ...SETTLEMENT, extensions: { padding: 'x'.repeat(250 * 1024) } };
    const receipt = { format: 'jws', signature: `${jws().signature}${'A'.repeat(16_384 - jws().signature.length)}` };
    const result = await run({ settlement, receipt, jwks: Array.from({ length: 5 }, (_, i) => ({ ...JWK, kid: `k${i}` })), authorized_signers: Array.from({ length: 10 }, (_, i) => `k${i}`.padEnd(200, 'x')) });
    expect(result.signature_status).toBe('unverifiable');
  });

  it('the catalog example is the worked example', async () => {
    expect((await run(catalogEntry('x402_signed_receipt_delivery_confidence_scorer').example as Record<string, unknown>)).score).toBe(45);
  });
});
