import { catalogEntry, type CatalogEntryOf, type Confidence, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { defineRequestOnlyTool, usdc } from '../../ext/verdict.js';
import { expansionAnswer } from '../answer.js';
import { agentProfile } from './agent.js';
import { challengeVariants, MAX_OFFERS_PER_VARIANT, type ChallengeVariant } from './challenge.js';
import type { X402Offer } from '../x402-terms.js';
import { mcpCarriers, mcpChecks, offerChecks, PAYMENT_HEADERS, variantChecks, type Check } from './checks.js';

type Entry = CatalogEntryOf<'agent_compatibility_analyzer'>;
export type CompatibilityInput = RequestOf<Entry>;
export type CompatibilityResult = ResultOf<Entry>;
type Decision = CompatibilityResult['decision'];

const LIMITATIONS = [
  'Capabilities are taken as declared: the agent\'s client is not run, so a setting or a bug it does not declare is not seen.',
  'The 402 challenge and the MCP discovery document are taken as submitted: nothing was fetched, and a live challenge may differ.',
  'Balances are not read: whether the agent holds enough of the asset to pay is not checked.',
  'MCP compatibility is judged from the one protocol revision the discovery document declares; servers often accept older revisions too.',
];

const NEXT_ACTION: Record<Decision, string> = {
  compatible: 'The agent can pay the selected offer as it is: sign it and call the service.',
  compatible_with_warnings: 'The agent can pay the selected offer; review the warnings (and their fixes) before relying on it unattended.',
  incompatible: 'The agent cannot pay any offer of this challenge: apply the fixes for the blocking checks, or choose another service.',
  insufficient_evidence: 'Submit the service\'s 402 answer (the JSON body or the PAYMENT-REQUIRED header) with at least one offer in accepts.',
};

const distinct = <T>(values: readonly T[]) => [...new Set(values)];
const codes = (checks: readonly Check[], status: Check['status']) => distinct(checks.filter((c) => c.status === status).map((c) => c.code));
const fixesFor = (checks: readonly Check[]) => {
  const seen = new Set<string>();
  return checks.filter((c) => c.fix !== null && !seen.has(c.code) && seen.add(c.code)).map((c) => ({ code: c.code, fix: c.fix! }));
};
const publicCheck = ({ fix: _fix, ...check }: Check) => check;

interface Evaluated {
  variant: ChallengeVariant;
  offer: X402Offer;
  label: string;
  /** The offer's own checks. */
  own: Check[];
  /** Everything that decides whether it is payable: the service's, its variant's and its own checks. */
  checks: Check[];
}

/**
 * Whether an agent can pay and call a service (docs/tools/expansion.md): every offer of every
 * challenge variant checked against the declared capabilities, the first payable one selected.
 * Pure. O(V·A) for V variants of at most 20 offers A, with set lookups into the agent's lists.
 */
export function analyzeAgentCompatibility(input: CompatibilityInput): ToolOutput<CompatibilityResult> {
  const agent = agentProfile(input.agent);
  const callVia = input.service.call_via ?? 'http';
  const variants = challengeVariants(input.service.payment_required);
  const carriers = mcpCarriers(input.service.mcp_discovery);
  const service = callVia === 'mcp' ? mcpChecks(input.service.mcp_discovery, agent) : [];

  const shared = variants.map((variant) => variantChecks(variant, agent, callVia, carriers.carriers));
  const evaluated: Evaluated[] = variants.flatMap((variant, v) =>
    variant.offers.map((offer, i) => {
      const label = `v${variant.version}#${i}`;
      const own = offerChecks(offer, label, agent);
      return { variant, offer, label, own, checks: [...service, ...shared[v]!, ...own] };
    }),
  );
  const selected = evaluated.find((e) => !e.checks.some((c) => c.status === 'block'));
  const all = [...service, ...variants.flatMap((variant, v) => [...shared[v]!, ...evaluated.filter((e) => e.variant === variant).flatMap((e) => e.own)])];

  const decision: Decision = evaluated.length === 0 ? 'insufficient_evidence' : !selected ? 'incompatible' : selected.checks.some((c) => c.status === 'warn') ? 'compatible_with_warnings' : 'compatible';
  const relevant = selected ? selected.checks : evaluated.flatMap((e) => e.checks);
  const blocking = selected ? [] : codes(relevant, 'block');
  const warnings = codes(relevant, 'warn');
  const assumptions = [
    ...(agent.assetsAssumed ? ['The agent declares no assets: it is taken to pay with the canonical USDC of each network it lists.'] : []),
    ...(agent.capSource === 'official_default' ? [`The agent declares no cap: the official x402 client's default of ${usdc(agent.cap!)} USD per payment is assumed.`] : []),
    ...(callVia === 'mcp' && carriers.assumed ? ['The MCP document does not say how a payment is passed: the x402 MCP transport (_meta["x402/payment"]) is assumed.'] : []),
  ];
  const confidence: Confidence = decision === 'insufficient_evidence' ? 'low' : assumptions.length > 0 || warnings.some((w) => w.endsWith('_unconfirmed') || w.endsWith('_missing')) ? 'medium' : 'high';
  const selectedOffer = selected?.offer ?? null;

  const summaries: Record<Decision, string> = {
    compatible: `The agent can pay offer ${selected?.label} (${selectedOffer?.scheme} on ${selectedOffer?.network}) and call the service over ${callVia}.`,
    compatible_with_warnings: `The agent can pay offer ${selected?.label} over ${callVia}, with warnings: ${warnings.join(', ')}.`,
    incompatible: `The agent cannot pay any of the ${evaluated.length} offer(s): ${blocking.join(', ')}.`,
    insufficient_evidence: 'The submitted 402 answer holds no x402 offer (an accepts list with an amount) to check.',
  };
  const notRead = variants.filter((v) => v.offersNotRead > 0);
  const limitations = [
    ...LIMITATIONS,
    ...assumptions,
    ...notRead.map((v) => `Only the first ${MAX_OFFERS_PER_VARIANT} offers of the x402 v${v.version} challenge were checked; ${v.offersNotRead} more were not.`),
  ];

  return expansionAnswer(
    {
      decision,
      confidence,
      summary: summaries[decision],
      evidence: {
        call_via: callVia,
        variants: variants.map((v) => ({ x402_version: v.version, found_in: v.source, offers: v.offers.length, offers_not_checked: v.offersNotRead, extensions: Object.keys(v.extensions).sort(), resource: v.resourceUrl })),
        offers: evaluated.map((e) => ({ offer: e.label, payable: !e.checks.some((c) => c.status === 'block'), blocking: codes(e.checks, 'block'), warnings: codes(e.checks, 'warn') })),
        agent: {
          x402_versions: [...agent.versions],
          schemes: [...agent.schemes],
          networks: [...agent.networks],
          assets: Object.fromEntries([...agent.assets].map(([network, set]) => [network, [...set]])),
          assets_assumed: agent.assetsAssumed,
          cap_usdc: agent.cap === null ? null : usdc(agent.cap),
          cap_source: agent.capSource,
          payment_transports: [...agent.transports],
          extensions: [...agent.extensions],
        },
        mcp_payment_carriers: callVia === 'mcp' ? { carriers: [...carriers.carriers], assumed: carriers.assumed } : null,
        assumptions,
      },
      riskFlags: distinct([...blocking, ...warnings]),
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    {
      selected_offer:
        selected && selectedOffer
          ? {
              offer: selected.label,
              x402_version: selected.variant.version,
              scheme: selectedOffer.scheme ?? '',
              network: selectedOffer.caip2 ?? selectedOffer.network ?? '',
              asset: selectedOffer.asset ?? '',
              amount_atomic: selectedOffer.amount!.atomic!.toString(),
              pay_to: selectedOffer.payTo ?? '',
              payment_transport: callVia === 'http' ? PAYMENT_HEADERS[selected.variant.version].header : [...carriers.carriers].find((c) => agent.transports.has(c)) ?? null,
            }
          : null,
      checks: all.map(publicCheck),
      blocking,
      warnings,
      fixes: fixesFor(relevant),
    },
  );
}

export const agentCompatibilityAnalyzer = defineRequestOnlyTool(catalogEntry('agent_compatibility_analyzer'), analyzeAgentCompatibility);
