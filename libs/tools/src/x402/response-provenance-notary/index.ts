import { timingSafeEqual } from 'node:crypto';
import { NOTARY_RETENTION_DAYS, NotFoundAnswer, StoreUnavailableError, catalogEntry, type NotaryPort, type NotaryRecord } from '@paysight/contracts';
import { type KeptResult, defineToolModule } from '../../tool-module.js';
import { analyzeNotary, type NotaryData } from './analyze.js';
import { contextHashOf, keyHashOf, notaryIdOf, secretHashOf, type NotaryInput } from './derive.js';

export { analyzeNotary, type NotaryData, type NotaryResult } from './analyze.js';
export { createNotaryKey, keyHashOf, notaryIdOf, secretHashOf, type NotaryInput } from './derive.js';

const DAY_MS = 86_400_000;
/** One answer for an unknown id, an expired record and a wrong secret: none tells which (design sheet §A.4). */
const NOT_FOUND = 'No notary record answers this notary_id and lookup_secret (unknown, expired, or the secret does not match).';

async function stored<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new StoreUnavailableError('The notary records could not be read or written.', { cause: error });
  }
}

async function create(input: NotaryInput, notary: NotaryPort, now: Date): Promise<NotaryData> {
  // The mode rules have made these present in create.
  const keyHash = keyHashOf(input.idempotency_key!, input.idempotency_scope_token!);
  const notaryId = notaryIdOf(keyHash);
  const { contextHash, unknownNetwork } = contextHashOf(input);
  const retentionClass = input.retention_class ?? 'standard';
  const lookupSecret = notary.key.lookupSecret(notaryId);
  const candidate: NotaryRecord = {
    notaryId,
    keyHash,
    contextHash: contextHash!,
    challengeHash: input.challenge_hash ?? null,
    receiptHash: input.receipt_hash ?? null,
    responseHash: input.response_hash ?? null,
    metadataHash: input.metadata_hash ?? null,
    secretHash: secretHashOf(lookupSecret),
    secretKeyId: notary.key.id,
    retentionClass,
    createdAt: now,
    expiresAt: new Date(now.getTime() + NOTARY_RETENTION_DAYS[retentionClass] * DAY_MS),
  };
  const outcome = await stored(() => notary.records.create(candidate));
  return { mode: 'create', candidate, outcome, lookupSecret, unknownNetwork };
}

async function verify(input: NotaryInput, notary: NotaryPort, now: Date): Promise<NotaryData> {
  const record = await stored(() => notary.records.find(input.notary_id!, now));
  const presented = Buffer.from(secretHashOf(input.lookup_secret!), 'hex');
  if (!record || !timingSafeEqual(presented, Buffer.from(record.secretHash, 'hex'))) throw new NotFoundAnswer('notary_record_not_found', NOT_FOUND);
  const { contextHash, unknownNetwork } = contextHashOf(input);
  return { mode: 'verify', record, contextHash, unknownNetwork };
}

/** Marks a kept answer whose lookup secret was withheld from the ledger (it is derived again from notary_id). */
const WITHHELD = 'lookup_secret_withheld';

/**
 * The paid-call ledger keeps a created answer without its lookup secret, so the secret lives nowhere
 * but in that first answer; a payment replay derives it again from notary_id with the notary key (a
 * changed key derives another, and the serving layer then serves the answer's hash only).
 */
const lookupSecretWithheld: KeptResult = {
  keep: ({ lookup_secret: secret, ...rest }) => (secret === undefined ? rest : { ...rest, [WITHHELD]: true }),
  restore: ({ [WITHHELD]: withheld, ...rest }, ports) => (withheld === true ? { ...rest, lookup_secret: ports.notary.key.lookupSecret(String(rest['notary_id'])) } : rest),
};

/**
 * x402-response-provenance-notary (docs/tools/x402/response-provenance-notary.md), the family's one
 * writer. Its gather is the store's atomic create-or-read (the decision depends on which request
 * wrote the record, so the write cannot wait for a finish step) or the verify lookup; analyze decides
 * from what the store answered.
 */
export const responseProvenanceNotary = defineToolModule(catalogEntry('x402_response_provenance_notary'), {
  chains: () => [],
  keptResult: lookupSecretWithheld,
  gather: (input, ports, _progress, context) => (input.mode === 'create' ? create(input, ports.notary, context.now) : verify(input, ports.notary, context.now)),
  analyze: (input, data) => analyzeNotary(input, data),
});
