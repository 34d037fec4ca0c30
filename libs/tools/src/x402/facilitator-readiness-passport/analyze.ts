import { CANONICAL_ERRORS, ERROR_FAMILIES, READINESS_PASSPORT_LIMITS, lookupError, type CatalogEntryOf, type ErrorFamily, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, HASH, ND, percentile } from '../helpers.js';
import { supportedKinds } from '../supported.js';

type Entry = CatalogEntryOf<'x402_facilitator_readiness_passport'>;
export type ReadinessInput = RequestOf<Entry>;
export type ReadinessResult = ResultOf<Entry>;
type Passport = ReadinessResult['passport'];
type Stamp = Passport['stamps'][number];

/** Fewest samples for a p95 (design §20). */
const MIN_SAMPLES = 20;
/** An availability share above this makes the facilitator unstable (5%, kept as a fraction of 10 000). */
const UNSTABLE_SHARE_BP = 500n;

interface Kind {
  version: number;
  scheme: string;
  network: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The kinds of /supported; v1 kinds may name networks by alias, v2 kinds are CAIP-2 as written. */
function kindsOf(supported: Record<string, unknown>): { kinds: Kind[]; skipped: number } {
  const kinds = (supportedKinds(supported) ?? []).map((k) => ({ version: k.x402Version, scheme: k.scheme.trim().toLowerCase(), network: k.x402Version === 1 ? k.network : k.written }));
  return { kinds, skipped: (Array.isArray(supported.kinds) ? supported.kinds.length : 0) - kinds.length };
}

function signersOf(supported: Record<string, unknown>): Record<string, string[]> {
  if (!isObject(supported.signers)) return {};
  const signers: Record<string, string[]> = {};
  for (const [pattern, list] of Object.entries(supported.signers)) if (Array.isArray(list)) signers[pattern] = list.filter((s): s is string => typeof s === 'string');
  return signers;
}

/** A signer covers a network through its exact id or its namespace wildcard (eip155:*, solana:*). */
function signerPattern(signers: Record<string, string[]>, network: string): string | null {
  const namespace = `${network.split(':')[0]}:*`;
  return [network, namespace].find((p) => (signers[p]?.length ?? 0) > 0) ?? null;
}

function stampsOf(input: ReadinessInput, kinds: Kind[], signers: Record<string, string[]>): Stamp[] {
  const scheme = input.target.scheme.toLowerCase();
  const versions = [...input.target.x402_versions].sort((a, b) => b - a);
  return versions.flatMap((version) =>
    input.target.networks.map((raw): Stamp => {
      const network = ND(raw).network;
      const base = { x402_version: version, scheme, network };
      if (!kinds.some((k) => k.version === version && k.scheme === scheme && k.network === network)) return { ...base, status: 'missing', reason: `No kind (${version}, ${scheme}, ${network}) in /supported.` };
      const pattern = signerPattern(signers, network);
      return pattern
        ? { ...base, status: 'ready', reason: `Kind (${version}, ${scheme}, ${network}) declared; signer under ${pattern}.` }
        : { ...base, status: 'partial', reason: `Kind (${version}, ${scheme}, ${network}) declared, but signers has no entry for ${network.split(':')[0]}:* or ${network}.` };
    }),
  );
}

function errorsOf(input: ReadinessInput): { errors: Passport['errors']; unstable: boolean; unmapped: string[] } {
  const obs = input.observations ?? {};
  const codes = obs.error_codes ?? [];
  const byFamily = new Map<ErrorFamily, number>();
  const unmapped: string[] = [];
  for (const code of codes) {
    // A facilitator answers x402 codes or plain HTTP statuses.
    const found = lookupError('x402_facilitator', code) ?? lookupError('http', code);
    const family = found ? CANONICAL_ERRORS[found.canonical_code].family : 'unknown';
    if (!found) unmapped.push(code);
    byFamily.set(family, (byFamily.get(family) ?? 0) + 1);
  }
  const calls = (obs.verify_ms?.length ?? 0) + (obs.settle_ms?.length ?? 0) + codes.length;
  const availability = byFamily.get('availability') ?? 0;
  const share = calls === 0 ? '0.0000' : AMT.ratio(BigInt(availability), BigInt(calls));
  const unstable = calls > 0 && BigInt(availability) * 10_000n > UNSTABLE_SHARE_BP * BigInt(calls);
  const by_family = [...byFamily].map(([family, count]) => ({ family, count })).sort((a, b) => b.count - a.count || ERROR_FAMILIES.indexOf(a.family) - ERROR_FAMILIES.indexOf(b.family));
  return { errors: { calls, availability, availability_share: share, by_family }, unstable, unmapped };
}

const p95 = (values: readonly number[] | undefined) => (values && values.length >= MIN_SAMPLES ? percentile(values, 0.95) : null);

/** x402-facilitator-readiness-passport (design §20): is one facilitator ready for my versions, scheme, networks and extensions? */
export function issueReadinessPassport(input: ReadinessInput): ToolOutput<ReadinessResult> {
  const supported = input.supported_response;
  const { kinds, skipped } = kindsOf(supported);
  const signers = signersOf(supported);
  const flags = new Set<string>();
  const limitations = ['Readiness is read from the submitted /supported answer and observations: the facilitator was not contacted and no payment was verified or settled.'];
  if (!Array.isArray(supported.kinds)) {
    flags.add('supported_response_unparsed');
    limitations.push('supported_response has no kinds[]: every stamp is missing.');
  } else if (skipped > 0) limitations.push(`${skipped} kind(s) of /supported without a numeric x402Version, a scheme and a network were skipped.`);
  for (const network of input.target.networks) if (!ND(network).known) flags.add('unknown_network');

  const stamps = stampsOf(input, kinds, signers);
  const declared = Array.isArray(supported.extensions) ? [...new Set(supported.extensions.filter((e): e is string => typeof e === 'string'))].sort() : [];
  const missing = [...new Set(input.target.required_extensions)].filter((e) => !declared.includes(e)).sort();

  const obs = input.observations ?? {};
  const thresholds = input.thresholds ?? { verify_p95_ms: READINESS_PASSPORT_LIMITS.defaultVerifyP95Ms, settle_p95_ms: READINESS_PASSPORT_LIMITS.defaultSettleP95Ms };
  const latency = { verify_p95_ms: p95(obs.verify_ms), settle_p95_ms: p95(obs.settle_ms), samples: { verify: obs.verify_ms?.length ?? 0, settle: obs.settle_ms?.length ?? 0 } };
  const slowVerify = latency.verify_p95_ms !== null && latency.verify_p95_ms > thresholds.verify_p95_ms;
  const slowSettle = latency.settle_p95_ms !== null && latency.settle_p95_ms > thresholds.settle_p95_ms;
  if (latency.verify_p95_ms === null || latency.settle_p95_ms === null) {
    flags.add('latency_not_assessed');
    limitations.push(`A p95 needs at least ${MIN_SAMPLES} samples (verify ${latency.samples.verify}, settle ${latency.samples.settle}); fewer are not assessed.`);
  }
  const { errors, unstable, unmapped } = errorsOf(input);
  if (unmapped.length > 0) {
    flags.add('unmapped_error_codes');
    limitations.push(`${unmapped.length} error code(s) are not in the error taxonomy and count as family unknown.`);
  }

  const [primary] = stamps;
  const gaps = stamps.slice(1).filter((s) => s.status !== 'ready');
  if (primary!.status !== 'ready') flags.add('primary_not_ready');
  if (missing.length > 0) flags.add('missing_extensions');
  if (gaps.length > 0) flags.add('stamp_gaps');
  if (slowVerify) flags.add('verify_p95_over_threshold');
  if (slowSettle) flags.add('settle_p95_over_threshold');
  if (unstable) flags.add('unstable_facilitator');
  const decision = primary!.status !== 'ready' || missing.length > 0 ? 'not_ready' : gaps.length > 0 || slowVerify || slowSettle || unstable ? 'ready_with_gaps' : 'ready';

  const [verifyN, settleN] = [latency.samples.verify, latency.samples.settle];
  const confidence = verifyN >= MIN_SAMPLES && settleN >= MIN_SAMPLES ? 'high' : verifyN + settleN + errors.calls > 0 ? 'medium' : 'low';
  const extensions = { declared, missing };
  const passport: Passport = {
    facilitator_label: input.facilitator_label,
    stamps,
    extensions,
    signers,
    latency,
    errors,
    passport_digest: HASH({ label: input.facilitator_label, stamps, extensions, signers }),
  };

  const ready = stamps.filter((s) => s.status === 'ready').length;
  const summary =
    `${input.facilitator_label}: ${decision}. Primary stamp (v${primary!.x402_version}, ${primary!.scheme}, ${primary!.network}) ${primary!.status}; ${ready}/${stamps.length} stamps ready; ` +
    `${missing.length} required extension(s) missing; verify p95 ${latency.verify_p95_ms ?? 'not assessed'}, settle p95 ${latency.settle_p95_ms ?? 'not assessed'}; availability errors ${errors.availability_share}.`;
  const nextAction =
    decision === 'not_ready'
      ? primary!.status !== 'ready'
        ? `Do not route payments here yet: the facilitator does not fully support v${primary!.x402_version} ${primary!.scheme} on ${primary!.network}. Choose another facilitator or network.`
        : `Do not route payments here yet: required extension(s) ${missing.join(', ')} are not declared.`
      : decision === 'ready_with_gaps'
        ? 'Route the primary network here; cover the missing or partial stamps, slow latency or instability with a fallback facilitator.'
        : 'Ready: route payments here and keep collecting latency and error observations.';
  return x402Answer({ decision, confidence, summary, riskFlags: flags, nextAction, limitations }, { passport });
}
