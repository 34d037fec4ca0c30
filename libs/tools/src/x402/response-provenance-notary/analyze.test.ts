import { createHmac } from 'node:crypto';
import {
  NOTARY_RETENTION_DAYS,
  PROVENANCE_NOTARY_LIMITS,
  X402_REFERENCE_DATA_VERSION,
  catalogEntry,
  isNotFoundAnswer,
  responseProvenanceNotaryRequest,
  responseProvenanceNotaryResult,
  type NotaryPort,
  type NotaryRecord,
} from '@paysight/contracts';
import { toolPorts } from '@paysight/testkit';
import { createNotaryKey, keyHashOf, notaryIdOf, responseProvenanceNotary, secretHashOf } from './index.js';

const KEY_BYTES = Buffer.alloc(32, 7);
const T0 = new Date('2026-11-28T00:00:00.000Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const hash = (digit: string) => `sha256:${digit.repeat(64)}`;

/** Records in memory with the store's semantics (the SQL store runs the same cases on PGlite and PostgreSQL in libs/store). */
function memoryNotary(): NotaryPort & { rows: Map<string, NotaryRecord> } {
  const rows = new Map<string, NotaryRecord>();
  return {
    rows,
    key: createNotaryKey('k1', KEY_BYTES),
    records: {
      create: async (record) => {
        const live = rows.get(record.notaryId);
        if (live && live.expiresAt > record.createdAt) return { created: false, record: live };
        rows.set(record.notaryId, record);
        return { created: true, record };
      },
      find: async (notaryId, now) => {
        const row = rows.get(notaryId);
        return row && row.expiresAt > now ? row : null;
      },
    },
  };
}

/** The worked example's create (design §4), which is also the catalog example. */
const CREATE = catalogEntry('x402_response_provenance_notary').example as {
  mode: 'create';
  idempotency_key: string;
  idempotency_scope_token: string;
  endpoint_path: string;
  tool_id: string;
  generated_at: string;
  response_hash: string;
};

async function call(notary: NotaryPort, body: Record<string, unknown>, now = T0) {
  const input = responseProvenanceNotaryRequest.parse(body);
  const output = await responseProvenanceNotary.run(input, toolPorts({ notary }), { now });
  expect(responseProvenanceNotaryResult.safeParse(output.result).error).toBeUndefined();
  return output;
}

async function notFound(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isNotFoundAnswer(error)).toBe(true);
  expect(error).toMatchObject({ code: 'notary_record_not_found' });
  return (error as Error).message;
}

const issuesOf = (body: Record<string, unknown>) => responseProvenanceNotaryRequest.safeParse(body).error?.issues ?? [];
const accepted = (body: Record<string, unknown>) => responseProvenanceNotaryRequest.safeParse(body).success;

describe('x402-response-provenance-notary', () => {
  it('the worked example of design §4: created, replayed, hash_mismatch on create, hash_mismatch on verify', async () => {
    const notary = memoryNotary();
    const created = (await call(notary, CREATE)).result;
    expect(created).toMatchObject({ decision: 'record_created', confidence: 'high', retention: { class: 'standard', days: 30, created_at: T0.toISOString(), expires_at: at(30).toISOString() } });
    expect(created.lookup_secret).toHaveLength(43);
    expect(created.notary_id).toMatch(/^ntr_[a-z2-7]{32}$/);
    expect(created.stored_hashes).toMatchObject({ response_hash: hash('0'), challenge_hash: null, context_hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });

    const replayed = (await call(notary, CREATE, at(1))).result;
    expect(replayed).toMatchObject({ decision: 'record_replayed', confidence: 'high', notary_id: created.notary_id, retention: { created_at: T0.toISOString() } });
    expect(replayed).not.toHaveProperty('lookup_secret');

    const changed = (await call(notary, { ...CREATE, response_hash: hash('1') }, at(2))).result;
    expect(changed).toMatchObject({ decision: 'hash_mismatch', confidence: 'medium', notary_id: created.notary_id, risk_flags: ['idempotency_key_reused_with_different_content'] });
    expect(changed.stored_hashes.response_hash).toBe(hash('0'));
    expect(notary.rows.size).toBe(1);

    const verified = (await call(notary, { mode: 'verify', notary_id: created.notary_id, lookup_secret: created.lookup_secret, response_hash: hash('1') }, at(3))).result;
    expect(verified).toMatchObject({ decision: 'hash_mismatch', confidence: 'medium', compared_fields: [{ field: 'response_hash', match: false }], risk_flags: ['hash_differs_from_record'] });
  });

  it('derives the record as the sheet says: key_hash, a deterministic notary_id, an HMAC lookup secret kept as its SHA-256 only', async () => {
    const notary = memoryNotary();
    const { result, metadata } = await call(notary, CREATE);
    const keyHash = keyHashOf(CREATE.idempotency_key, CREATE.idempotency_scope_token);
    expect(result.notary_id).toBe(notaryIdOf(keyHash));
    expect(result.lookup_secret).toBe(createHmac('sha256', KEY_BYTES).update(result.notary_id).digest('base64url'));
    const row = notary.rows.get(result.notary_id)!;
    expect(row).toMatchObject({ keyHash, secretHash: secretHashOf(result.lookup_secret!), secretKeyId: 'k1', retentionClass: 'standard' });
    expect(JSON.stringify(row)).not.toContain(result.lookup_secret);
    expect(JSON.stringify(row)).not.toContain('tx_status');
    // Another scope token with the same key is another record.
    expect(notaryIdOf(keyHashOf(CREATE.idempotency_key, 'c'.repeat(43)))).not.toBe(result.notary_id);
    expect(metadata.reference_data_version).toBe(X402_REFERENCE_DATA_VERSION);
  });

  it('record_verified: every supplied hash and the labels match; compared_fields in field order with context_hash last', async () => {
    const notary = memoryNotary();
    const body = { ...CREATE, challenge_hash: hash('a'), receipt_hash: hash('b'), payment_network: 'base', amount: '0.01', currency: 'USDC' };
    const created = (await call(notary, body)).result;
    // The same labels written differently: an offset time, a v1 network alias's CAIP-2 id, a non-canonical decimal.
    const verify = {
      mode: 'verify',
      notary_id: created.notary_id,
      lookup_secret: created.lookup_secret,
      response_hash: hash('0'),
      challenge_hash: hash('a'),
      endpoint_path: CREATE.endpoint_path,
      tool_id: CREATE.tool_id,
      generated_at: '2026-01-01T02:00:00+02:00',
      payment_network: 'eip155:8453',
      amount: '0.010',
      currency: 'USDC',
    };
    const { result } = await call(notary, verify, at(29));
    expect(result).toMatchObject({ decision: 'record_verified', confidence: 'high', risk_flags: [] });
    expect(result.compared_fields).toEqual([
      { field: 'challenge_hash', match: true },
      { field: 'response_hash', match: true },
      { field: 'context_hash', match: true },
    ]);
    const withoutLabels = (await call(notary, { mode: 'verify', notary_id: created.notary_id, lookup_secret: created.lookup_secret, receipt_hash: hash('b') }, at(1))).result;
    expect(withoutLabels.decision).toBe('record_verified');
    expect(withoutLabels.limitations.join(' ')).toContain('No labels were sent');
  });

  it('hash_mismatch on verify when only the labels differ (context_hash), and when a hash the record lacks is supplied', async () => {
    const notary = memoryNotary();
    const created = (await call(notary, CREATE)).result;
    const base = { mode: 'verify', notary_id: created.notary_id, lookup_secret: created.lookup_secret, response_hash: hash('0') };
    const labels = (await call(notary, { ...base, endpoint_path: CREATE.endpoint_path, tool_id: 'tx_decode', generated_at: CREATE.generated_at })).result;
    expect(labels.decision).toBe('hash_mismatch');
    expect(labels.compared_fields).toEqual([
      { field: 'response_hash', match: true },
      { field: 'context_hash', match: false },
    ]);
    const absent = (await call(notary, { ...base, metadata_hash: hash('9') })).result;
    expect(absent.compared_fields).toEqual([
      { field: 'response_hash', match: true },
      { field: 'metadata_hash', match: false },
    ]);
  });

  it('hash_mismatch on create when only a label differs; nothing is written', async () => {
    const notary = memoryNotary();
    await call(notary, CREATE);
    const { result } = await call(notary, { ...CREATE, service_label: 'another' });
    expect(result.decision).toBe('hash_mismatch');
    expect(result.summary).toContain('context_hash');
    expect(notary.rows.size).toBe(1);
  });

  it('404 notary_record_not_found, one message for an unknown id, a wrong secret and an expired record', async () => {
    const notary = memoryNotary();
    const created = (await call(notary, { ...CREATE, retention_class: 'short' })).result;
    expect(created.retention).toMatchObject({ class: 'short', days: NOTARY_RETENTION_DAYS.short, expires_at: at(7).toISOString() });
    const verify = { mode: 'verify', notary_id: created.notary_id, lookup_secret: created.lookup_secret!, response_hash: hash('0') };
    const messages = await Promise.all([
      notFound(call(notary, { ...verify, notary_id: `ntr_${'a'.repeat(32)}` })),
      notFound(call(notary, { ...verify, lookup_secret: `${verify.lookup_secret.slice(0, 42)}${verify.lookup_secret.endsWith('A') ? 'B' : 'A'}` })),
      notFound(call(notary, verify, at(7))),
    ]);
    expect(new Set(messages).size).toBe(1);
    await expect(call(notary, verify, new Date(at(7).getTime() - 1))).resolves.toMatchObject({ result: { decision: 'record_verified' } });
  });

  it('an expired record gives way to a new create of the same key (record_created again)', async () => {
    const notary = memoryNotary();
    const first = (await call(notary, { ...CREATE, retention_class: 'short' })).result;
    const again = (await call(notary, { ...CREATE, response_hash: hash('5'), retention_class: 'support' }, at(8))).result;
    expect(again).toMatchObject({ decision: 'record_created', notary_id: first.notary_id, retention: { class: 'support', days: 180 } });
  });

  it('a replay keeps the retention of the record and says so when another class was asked', async () => {
    const notary = memoryNotary();
    await call(notary, CREATE);
    const { result } = await call(notary, { ...CREATE, retention_class: 'support' });
    expect(result).toMatchObject({ decision: 'record_replayed', retention: { class: 'standard' }, risk_flags: ['retention_class_of_record_kept'] });
  });

  it('flags an unknown payment network, hashed as given', async () => {
    const { result } = await call(memoryNotary(), { ...CREATE, payment_network: 'eip155:999999' });
    expect(result.risk_flags).toEqual(['unknown_network']);
  });

  it('concurrent creates with one idempotency key: one record_created, the rest record_replayed', async () => {
    const notary = memoryNotary();
    const results = await Promise.all(Array.from({ length: 10 }, () => call(notary, CREATE)));
    const decisions = results.map((r) => r.result.decision).sort();
    expect(decisions).toEqual(['record_created', ...Array<string>(9).fill('record_replayed')]);
    expect(results.filter((r) => r.result.lookup_secret)).toHaveLength(1);
  });

  it('answers 503 (StoreUnavailableError) when the records cannot be written, naming no secret', async () => {
    const notary = memoryNotary();
    notary.records.create = () => Promise.reject(new Error('connection refused'));
    await expect(call(notary, CREATE)).rejects.toMatchObject({ name: 'StoreUnavailableError' });
  });

  describe('request schema', () => {
    const L = PROVENANCE_NOTARY_LIMITS;
    const verifyBody = { mode: 'verify', notary_id: 'n'.repeat(24), lookup_secret: 's'.repeat(43), response_hash: hash('0') };

    it('per mode: fields of the other mode give field_not_allowed_in_mode, missing required fields invalid_request', () => {
      const notAllowed = (body: Record<string, unknown>) => issuesOf(body).filter((i) => i.code === 'custom' && (i.params as { errorCode?: string } | undefined)?.errorCode === 'field_not_allowed_in_mode').map((i) => i.path.join('.'));
      expect(notAllowed({ ...CREATE, notary_id: 'n'.repeat(24), lookup_secret: 's'.repeat(43) })).toEqual(['notary_id', 'lookup_secret']);
      expect(notAllowed({ ...verifyBody, idempotency_key: 'a'.repeat(32), idempotency_scope_token: 'b'.repeat(43), retention_class: 'short' })).toEqual(['idempotency_key', 'idempotency_scope_token', 'retention_class']);
      for (const field of ['idempotency_key', 'idempotency_scope_token', 'endpoint_path', 'tool_id', 'generated_at', 'response_hash'] as const) {
        const { [field]: _dropped, ...rest } = CREATE;
        expect(issuesOf(rest).map((i) => i.path.join('.'))).toEqual([field]);
      }
      expect(accepted({ mode: 'verify', notary_id: 'n'.repeat(24), lookup_secret: 's'.repeat(43) })).toBe(false);
      expect(accepted({ ...verifyBody, response_hash: undefined, metadata_hash: hash('1') })).toBe(true);
    });

    it('bounds of the tokens: the limits accepted, one past rejected, only [A-Za-z0-9_-]', () => {
      const cases: [string, { min: number; max: number }, Record<string, unknown>][] = [
        ['idempotency_key', L.idempotencyKey, CREATE],
        ['idempotency_scope_token', L.scopeToken, CREATE],
        ['notary_id', L.notaryId, verifyBody],
        ['lookup_secret', L.lookupSecret, verifyBody],
      ];
      for (const [field, { min, max }, body] of cases) {
        expect([accepted({ ...body, [field]: 'x'.repeat(min) }), accepted({ ...body, [field]: 'x'.repeat(max) })]).toEqual([true, true]);
        expect([accepted({ ...body, [field]: 'x'.repeat(min - 1) }), accepted({ ...body, [field]: 'x'.repeat(max + 1) })]).toEqual([false, false]);
        expect(accepted({ ...body, [field]: `${'x'.repeat(min - 1)}=` })).toBe(false);
      }
    });

    it('bounds of the labels, hashes, currency, amount and types; no extra properties', () => {
      const labels: [string, number][] = [
        ['endpoint_path', L.endpointPath],
        ['tool_id', L.toolId],
        ['schema_version', L.schemaVersion],
        ['operation_id', L.operationId],
        ['mcp_tool_name', L.mcpToolName],
        ['payment_network', L.paymentNetwork],
        ['service_label', L.serviceLabel],
      ];
      for (const [field, max] of labels) expect([accepted({ ...CREATE, [field]: 'l'.repeat(max) }), accepted({ ...CREATE, [field]: 'l'.repeat(max + 1) })]).toEqual([true, false]);
      expect(accepted({ ...CREATE, amount: `${'1'.repeat(25)}.123456` })).toBe(true);
      expect(accepted({ ...CREATE, amount: `${'1'.repeat(26)}.123456` })).toBe(false);
      expect(accepted({ ...CREATE, amount: '0.0000001' })).toBe(false);
      expect(accepted({ ...CREATE, currency: 'USDT' })).toBe(false);
      expect(accepted({ ...CREATE, response_hash: '0'.repeat(64) })).toBe(false);
      expect(accepted({ ...CREATE, response_hash: `sha256:${'A'.repeat(64)}` })).toBe(false);
      expect(accepted({ ...CREATE, generated_at: '2026-01-01' })).toBe(false);
      expect(accepted({ ...CREATE, retention_class: 'forever' })).toBe(false);
      expect(accepted({ ...CREATE, idempotency_key: 32 })).toBe(false);
      expect(accepted({ ...CREATE, mode: 'delete' })).toBe(false);
      expect(issuesOf({ ...CREATE, content: 'the response itself' })[0]?.code).toBe('unrecognized_keys');
    });

    it('a create with every field at its maximum is notarized and verified', async () => {
      const notary = memoryNotary();
      const max = {
        ...CREATE,
        idempotency_key: 'k'.repeat(L.idempotencyKey.max),
        idempotency_scope_token: 't'.repeat(L.scopeToken.max),
        challenge_hash: hash('1'),
        receipt_hash: hash('2'),
        metadata_hash: hash('3'),
        endpoint_path: '/'.padEnd(L.endpointPath, 'p'),
        tool_id: 'i'.repeat(L.toolId),
        schema_version: 'v'.repeat(L.schemaVersion),
        operation_id: 'o'.repeat(L.operationId),
        mcp_tool_name: 'm'.repeat(L.mcpToolName),
        payment_network: 'n'.repeat(L.paymentNetwork),
        currency: 'USDC',
        amount: `${'9'.repeat(25)}.999999`,
        service_label: 's'.repeat(L.serviceLabel),
        retention_class: 'support',
      };
      const created = (await call(notary, max)).result;
      expect(created.decision).toBe('record_created');
      const { idempotency_key: _k, idempotency_scope_token: _t, retention_class: _r, ...labelsAndHashes } = max;
      const verified = (await call(notary, { ...labelsAndHashes, mode: 'verify', notary_id: created.notary_id, lookup_secret: created.lookup_secret })).result;
      expect(verified.decision).toBe('record_verified');
      expect(verified.compared_fields).toHaveLength(5);
    });
  });
});
