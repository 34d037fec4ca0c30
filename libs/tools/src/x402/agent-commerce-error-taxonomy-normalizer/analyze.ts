import { CANONICAL_ERRORS, ERROR_FAMILIES, ERROR_TABLE, lookupError, normalizeErrorCode, type CanonicalErrorCode, type CatalogEntryOf, type ErrorFamily, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';

type Entry = CatalogEntryOf<'x402_agent_commerce_error_taxonomy_normalizer'>;
export type ErrorNormalizerInput = RequestOf<Entry>;
export type ErrorNormalizerResult = ResultOf<Entry>;
type Mapped = ErrorNormalizerResult['mapped'][number];
type Match = Mapped['match'];

/** Message keywords (step 4), first match wins; what they yield is marked inferred. */
const KEYWORDS: readonly [RegExp, CanonicalErrorCode][] = [
  [/insufficient (funds|balance)|not enough (funds|balance)/i, 'FUNDS_INSUFFICIENT'],
  [/user (rejected|denied|declined|cancel+ed)/i, 'CONSENT_USER_REJECTED'],
  [/not yet valid|valid_?after/i, 'AUTH_NOT_YET_VALID'],
  [/expired|valid_?before/i, 'AUTH_EXPIRED'],
  [/allowance|permit2/i, 'AUTH_PERMIT2_ALLOWANCE_REQUIRED'],
  [/signature/i, 'AUTH_SIGNATURE_INVALID'],
  [/nonce (already )?used|replay/i, 'IDEMPOTENCY_NONCE_USED'],
  [/rate.?limit|too many requests/i, 'RATE_LIMITED'],
  [/timed? ?out/i, 'UPSTREAM_TIMEOUT'],
  [/unavailable|overloaded|maintenance/i, 'SERVICE_UNAVAILABLE'],
  [/(unsupported|wrong) (network|chain)/i, 'PROTOCOL_NETWORK_INVALID'],
];

/** What a handler does with an error nobody could map: a human looks before anything is retried. */
const UNMAPPED = { family: 'unknown', retry: 'retry_after_fix', owner: 'human', backoff_seconds: 0 } as const;

type Resolved = { canonical: CanonicalErrorCode; match: Match; scheme?: string } | null;

function resolve(error: ErrorNormalizerInput['errors'][number], code: string, custom: ReadonlyMap<string, CanonicalErrorCode>): Resolved {
  const own = custom.get(`${error.source} ${code}`);
  if (own) return { canonical: own, match: 'custom' };
  const found = lookupError(error.source, code);
  if (found) return { canonical: found.canonical_code, match: found.match, ...(found.scheme === undefined ? {} : { scheme: found.scheme }) };
  // The status the error came with is a weaker fact than its code: inferred.
  const byStatus = error.http_status === undefined ? undefined : ERROR_TABLE.http[String(error.http_status)];
  if (byStatus) return { canonical: byStatus, match: 'inferred' };
  const keyword = error.message === undefined ? undefined : KEYWORDS.find(([pattern]) => pattern.test(error.message!));
  return keyword ? { canonical: keyword[1], match: 'inferred' } : null;
}

/** x402-agent-commerce-error-taxonomy-normalizer (design §18): every error to one canonical code, in bulk. */
export function normalizeErrorTaxonomy(input: ErrorNormalizerInput): ToolOutput<ErrorNormalizerResult> {
  const custom = new Map<string, CanonicalErrorCode>();
  for (const row of input.custom_map ?? []) {
    const key = `${row.source} ${normalizeErrorCode(row.code)}`;
    if (!custom.has(key)) custom.set(key, row.canonical_code);
  }

  const mapped: Mapped[] = input.errors.map((error, index) => {
    const code = normalizeErrorCode(error.code);
    const resolved = resolve(error, code, custom);
    if (!resolved) return { index, source: error.source, code, canonical_code: null, ...UNMAPPED, match: 'none' };
    return { index, source: error.source, code, canonical_code: resolved.canonical, ...CANONICAL_ERRORS[resolved.canonical], match: resolved.match, ...(resolved.scheme === undefined ? {} : { scheme: resolved.scheme }) };
  });

  const count = (match: Match) => mapped.filter((m) => m.match === match).length;
  const [none, inferred, n] = [count('none'), count('inferred'), mapped.length];
  const decision = none === n ? 'unmapped' : none + inferred > 0 ? 'partially_mapped' : 'fully_mapped';
  const confidence = none + inferred === 0 ? 'high' : (none + inferred) * 2 > n ? 'low' : 'medium';

  const families = new Map<ErrorFamily, number>();
  for (const m of mapped) families.set(m.family, (families.get(m.family) ?? 0) + 1);
  const familiesSummary = [...families]
    .map(([family, total]) => ({ family, count: total }))
    .sort((a, b) => b.count - a.count || ERROR_FAMILIES.indexOf(a.family) - ERROR_FAMILIES.indexOf(b.family));

  const flags = new Set<string>();
  if (none > 0) flags.add('unmapped_codes');
  if (inferred > 0) flags.add('inferred_from_message_or_status');
  if (mapped.some((m) => m.canonical_code !== null && m.owner === 'human')) flags.add('human_action_required');
  if (mapped.some((m) => m.retry === 'never')) flags.add('non_retryable_errors');

  const unmappedCodes = mapped.filter((m) => m.match === 'none').map((m) => `${m.source}:${m.code}`);
  const limitations = [
    'Backoff seconds are the table defaults: a Retry-After header or a facilitator hint was not seen and overrides them.',
    'Messages are read for keywords only when the code and status map nothing; they are never echoed.',
  ];
  if (unmappedCodes.length > 0) limitations.push(`No table row, pattern, status or keyword maps ${unmappedCodes.slice(0, 10).join(', ')}${unmappedCodes.length > 10 ? ` and ${unmappedCodes.length - 10} more` : ''}: add them to custom_map.`);

  const summary = `${n} error${n === 1 ? '' : 's'}: ${count('table')} from the table, ${count('custom')} from custom_map, ${count('pattern')} by pattern, ${inferred} inferred, ${none} unmapped. Families: ${familiesSummary.map((f) => `${f.family} ${f.count}`).join(', ')}.`;
  const nextAction =
    decision === 'fully_mapped'
      ? 'Handle each error by its canonical code: retry class, owner and backoff say who acts and when.'
      : decision === 'partially_mapped'
        ? 'Handle the mapped errors by canonical code; confirm the inferred ones and add the unmapped codes to custom_map before relying on them.'
        : 'None of these codes is known: add them to custom_map with their canonical codes, or send the source and HTTP status.';
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction, limitations }, { mapped, families_summary: familiesSummary });
}
