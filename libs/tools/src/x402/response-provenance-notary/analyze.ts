import { NOTARY_COMPARED_FIELDS, NOTARY_HASH_FIELDS, NOTARY_RETENTION_DAYS, type CatalogEntryOf, type NotaryRecord, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import type { NotaryInput } from './derive.js';

export type NotaryResult = ResultOf<CatalogEntryOf<'x402_response_provenance_notary'>>;
type Decision = NotaryResult['decision'];
type ComparedField = (typeof NOTARY_COMPARED_FIELDS)[number];

/** What the store said, gathered before the decision. */
export type NotaryData =
  | {
      mode: 'create';
      /** The record this request would write. */
      candidate: NotaryRecord;
      /** The store's answer: written (created), or the live record already holding the id. */
      outcome: { created: boolean; record: NotaryRecord };
      /** Given to the caller only when this request wrote the record. */
      lookupSecret: string;
      unknownNetwork: boolean;
    }
  | {
      mode: 'verify';
      /** The live record, its lookup secret checked (an unknown, expired or locked record never gets here: 404). */
      record: NotaryRecord;
      /** context_hash of the labels sent with the verify; null when none was. */
      contextHash: string | null;
      unknownNetwork: boolean;
    };

const RECORD_HASH: Record<ComparedField, (r: NotaryRecord) => string | null> = {
  challenge_hash: (r) => r.challengeHash,
  receipt_hash: (r) => r.receiptHash,
  response_hash: (r) => r.responseHash,
  metadata_hash: (r) => r.metadataHash,
  context_hash: (r) => r.contextHash,
};

const CONFIDENCE = { record_created: 'high', record_replayed: 'high', record_verified: 'high', hash_mismatch: 'medium' } as const satisfies Record<Decision, 'high' | 'medium'>;

const NEXT_ACTION: Record<Decision, string> = {
  record_created: 'Store notary_id and lookup_secret now: the secret is shown only this once and is needed to verify.',
  record_replayed: 'Use the notary_id you stored at creation; the lookup secret is not shown again.',
  record_verified: 'The supplied hashes match the record: cite notary_id and created_at as the evidence.',
  hash_mismatch: 'Recompute the hashes (sha256: over the exact bytes or JCS form used at creation) before treating the difference as tampering.',
};

const LIMITATIONS = [
  'The notary saw hashes only: it proves these hashes were presented at created_at, not that they were computed correctly or what they hash.',
  'Labels are never stored, only hashed into context_hash: a difference in them shows as context_hash alone, not by label.',
];

function storedHashes(record: NotaryRecord): NotaryResult['stored_hashes'] {
  return {
    challenge_hash: record.challengeHash,
    receipt_hash: record.receiptHash,
    response_hash: record.responseHash,
    metadata_hash: record.metadataHash,
    context_hash: record.contextHash,
  };
}

function retentionOf(record: NotaryRecord): NotaryResult['retention'] {
  return { class: record.retentionClass, days: NOTARY_RETENTION_DAYS[record.retentionClass], created_at: record.createdAt.toISOString(), expires_at: record.expiresAt.toISOString() };
}

/** Same hashes (an absent one included) and the same context: the request that made the record, sent again. */
const sameContent = (a: NotaryRecord, b: NotaryRecord) => NOTARY_COMPARED_FIELDS.every((field) => RECORD_HASH[field](a) === RECORD_HASH[field](b));

function answer(decision: Decision, summary: string, record: NotaryRecord, flags: string[], limitations: string[], extra: Partial<NotaryResult> = {}): ToolOutput<NotaryResult> {
  return x402Answer(
    { decision, confidence: CONFIDENCE[decision], summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations },
    { notary_id: record.notaryId, stored_hashes: storedHashes(record), retention: retentionOf(record), ...extra },
  );
}

function decideCreate(input: NotaryInput, data: Extract<NotaryData, { mode: 'create' }>): ToolOutput<NotaryResult> {
  const { outcome, candidate } = data;
  const record = outcome.record;
  const flags = data.unknownNetwork ? ['unknown_network'] : [];
  if (outcome.created) {
    return answer('record_created', `Created notary record ${record.notaryId} (${record.retentionClass}, until ${record.expiresAt.toISOString()}); the lookup secret is returned this once.`, record, flags, LIMITATIONS, {
      lookup_secret: data.lookupSecret,
    });
  }
  if (sameContent(candidate, record)) {
    if (input.retention_class !== undefined && input.retention_class !== record.retentionClass) flags.push('retention_class_of_record_kept');
    return answer('record_replayed', `Replayed notary record ${record.notaryId}, created ${record.createdAt.toISOString()} with the same hashes and labels; nothing was written.`, record, flags, LIMITATIONS);
  }
  flags.push('idempotency_key_reused_with_different_content');
  const differing = NOTARY_COMPARED_FIELDS.filter((field) => RECORD_HASH[field](candidate) !== RECORD_HASH[field](record));
  return answer(
    'hash_mismatch',
    `The idempotency key already holds notary record ${record.notaryId} with other content (${differing.join(', ')}); nothing was written.`,
    record,
    flags,
    LIMITATIONS,
  );
}

function decideVerify(input: NotaryInput, data: Extract<NotaryData, { mode: 'verify' }>): ToolOutput<NotaryResult> {
  const { record } = data;
  const flags = data.unknownNetwork ? ['unknown_network'] : [];
  const supplied: Partial<Record<ComparedField, string | null>> = { context_hash: data.contextHash };
  for (const field of NOTARY_HASH_FIELDS) supplied[field] = input[field] ?? null;
  const compared = NOTARY_COMPARED_FIELDS.filter((field) => supplied[field] != null).map((field) => ({ field, match: supplied[field] === RECORD_HASH[field](record) }));
  const limitations = data.contextHash === null ? [...LIMITATIONS, 'No labels were sent, so the context (context_hash) was not compared.'] : LIMITATIONS;
  const differing = compared.filter((c) => !c.match).map((c) => c.field);
  if (differing.length === 0) {
    return answer('record_verified', `All ${compared.length} supplied hashes match notary record ${record.notaryId}, created ${record.createdAt.toISOString()}.`, record, flags, limitations, { compared_fields: compared });
  }
  flags.push('hash_differs_from_record');
  return answer('hash_mismatch', `${differing.length} of ${compared.length} supplied hashes differ from notary record ${record.notaryId}: ${differing.join(', ')}.`, record, flags, limitations, { compared_fields: compared });
}

/** The decision once the store has answered (design sheet §A.4): create → created | replayed | mismatch; verify → verified | mismatch. */
export function analyzeNotary(input: NotaryInput, data: NotaryData): ToolOutput<NotaryResult> {
  const output = data.mode === 'create' ? decideCreate(input, data) : decideVerify(input, data);
  output.metadata.dataNotes = ["Read and wrote this service's notary records (hashes and times only); no chain or network was read and no URL in the request was contacted."];
  return output;
}
