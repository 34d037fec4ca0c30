import { PERMIT2_ALLOWANCE_REQUIRED, PERMIT2_ALLOWANCE_REQUIRED_STATUS, PERMIT2_CONTRACT, X402_EXACT_PERMIT2_PROXY, type CatalogEntryOf, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { ASSET } from '../helpers.js';
import { X402P, type X402POffer } from '../x402p.js';

type Entry = CatalogEntryOf<'x402_permit2_approval_friction_explainer'>;
export type Permit2ExplainerInput = RequestOf<Entry>;
export type Permit2ExplainerResult = ResultOf<Entry>;
type Decision = Permit2ExplainerResult['decision'];
type Basis = Permit2ExplainerResult['basis'];

type Step = Omit<Permit2ExplainerResult['steps'][number], 'order'>;

/** 2^256 − 1: the approval @x402/evm's client signs for approve(Permit2) (its payer and ERC-20-sponsored approvals). */
const MAX_UINT256 = 2n ** 256n - 1n;
/** What a facilitator answers a Permit2 payment without allowance (@x402/core: status 412 for permit2_allowance_required). */
const SKIPPED_APPROVAL_ERROR = `${PERMIT2_ALLOWANCE_REQUIRED_STATUS} ${PERMIT2_ALLOWANCE_REQUIRED}`;
const SPONSORING = ['eip2612GasSponsoring', 'erc20ApprovalGasSponsoring'] as const;

const witness: Step = { kind: 'sign_permit2_witness', gas_payer: 'facilitator', detail: `Permit2 witness signature (spender ${X402_EXACT_PERMIT2_PROXY}); the facilitator settles` };
const approve = (gasPayer: 'payer' | 'facilitator', detail: string): Step => ({ kind: 'onchain_approve', gas_payer: gasPayer, detail });

interface Plan {
  decision: Decision;
  route: Basis['approval_route'];
  steps: Step[];
  signatures: number;
  transactions: number;
}

/** The transfer method: Solana offers are SVM transactions; EVM offers use extra.assetTransferMethod, eip3009 when absent. */
function methodOf(offer: X402POffer): string {
  return offer.network?.startsWith('solana:') ? 'svm' : (offer.extra.assetTransferMethod ?? 'eip3009');
}

function tokenSupports2612(input: Permit2ExplainerInput, offer: X402POffer): Pick<Basis, 'token_supports_eip2612' | 'token_supports_eip2612_source'> {
  if (input.payer.token_supports_eip2612 !== undefined) return { token_supports_eip2612: input.payer.token_supports_eip2612, token_supports_eip2612_source: 'payer' };
  const usdc = offer.asset_symbol === 'USDC' && offer.network !== null ? ASSET(offer.network) : null;
  return usdc ? { token_supports_eip2612: usdc.eip2612, token_supports_eip2612_source: 'reference_data' } : { token_supports_eip2612: false, token_supports_eip2612_source: 'assumed_false' };
}

/** Permit2 without enough allowance: the first approval route that applies (design sheet §25). */
function approvalPlan(input: Permit2ExplainerInput, offer: X402POffer, sponsoring: string[], supports2612: boolean, flags: Set<string>): Plan {
  if (sponsoring.includes('eip2612GasSponsoring') && supports2612) {
    if (offer.extra.name !== null && offer.extra.version !== null) {
      const permit: Step = { kind: 'sign_eip2612_permit', gas_payer: 'none', detail: `EIP-2612 permit of the payment amount to Permit2 ${PERMIT2_CONTRACT}; the facilitator calls settleWithPermit` };
      return { decision: 'one_signature', route: 'eip2612_gas_sponsoring', steps: [permit, witness], signatures: 2, transactions: 0 };
    }
    flags.add('eip2612_domain_missing');
  }
  flags.add('unlimited_approval_surface');
  if (sponsoring.includes('erc20ApprovalGasSponsoring')) {
    const step = approve('facilitator', `the payer signs approve(Permit2 ${PERMIT2_CONTRACT}, 2^256−1); the facilitator funds its gas, sends it, then settles`);
    return { decision: 'one_signature', route: 'erc20_approval_gas_sponsoring', steps: [step, witness], signatures: 2, transactions: 1 };
  }
  if (input.payer.has_native_gas) {
    return { decision: 'one_transaction', route: 'payer_approve', steps: [approve('payer', `the payer sends approve(Permit2 ${PERMIT2_CONTRACT}, 2^256−1) and pays its gas`), witness], signatures: 1, transactions: 1 };
  }
  const step = approve('payer', `approve(Permit2 ${PERMIT2_CONTRACT}) is needed, but the payer has no native gas and no gas sponsoring applies`);
  return { decision: 'blocked', route: 'none', steps: [step, witness], signatures: 1, transactions: 1 };
}

const NEXT_ACTION: Record<Decision, string> = {
  no_friction: 'Sign the payment: nothing has to happen before it, and the facilitator pays the settlement gas.',
  one_signature: 'Sign the extra approval (the permit or the approve transaction) with the payment; the facilitator pays every gas cost. Do not skip it: the payment would fail with 412.',
  one_transaction: 'Send approve(Permit2) from the payer and wait for it to be mined, then sign the Permit2 payment; a smaller approval than 2^256−1 limits exposure.',
  blocked: 'Fund the payer with native gas for approve(Permit2), pay another offer (eip3009), or ask the seller to declare a gas-sponsoring extension; paying now fails with 412.',
};

const LIMITATIONS = [
  'The allowance, gas and token capabilities are as the request states them: nothing is read on chain, and they may change before the payment.',
  'Whether the facilitator actually supports the declared gas-sponsoring extension is not checked; the explanation follows @x402/evm\'s client (EIP-2612 first, then the ERC-20 approval).',
];

/** x402-permit2-approval-friction-explainer (design sheet §25). */
export function analyzePermit2Explainer(input: Permit2ExplainerInput): ToolOutput<Permit2ExplainerResult> {
  const parsed = X402P({ accepts: [input.offer] });
  // X402P fails only when an accepts[] entry is not an object, and the request's offer is one.
  if (!parsed.ok) throw new Error(`x402-permit2-approval-friction-explainer: ${parsed.reason}`);
  const offer = parsed.challenge.offers[0]!;
  const flags = new Set<string>();
  const limitations = [...LIMITATIONS];
  const method = methodOf(offer);
  const extensions = input.extensions ?? {};
  const sponsoring = SPONSORING.filter((id) => Boolean(extensions[id]));
  const support = tokenSupports2612(input, offer);
  if (support.token_supports_eip2612_source === 'assumed_false') limitations.push('The asset is not in the reference data and the request does not say whether it has EIP-2612 permit, so it is taken not to.');
  const allowance = BigInt(input.payer.permit2_allowance_atomic);
  if (allowance === MAX_UINT256) flags.add('unlimited_approval_surface');
  const usdc = offer.asset_symbol === 'USDC' && offer.network !== null ? ASSET(offer.network) : null;

  let plan: Plan;
  let need: bigint | null = null;
  if (method === 'permit2') {
    if (usdc?.eip3009) flags.add('unnecessary_permit2');
    need = offer.amount_atomic === null ? null : BigInt(offer.amount_atomic) * BigInt(input.planned_payments);
    if (need === null) {
      flags.add('amount_unreadable');
      limitations.push('The offer states no atomic amount, so the allowance counts as sufficient only when it is unlimited.');
    }
    const sufficient = need === null ? allowance === MAX_UINT256 : allowance >= need;
    plan = sufficient ? { decision: 'no_friction', route: 'not_needed', steps: [witness], signatures: 1, transactions: 0 } : approvalPlan(input, offer, sponsoring, support.token_supports_eip2612, flags);
  } else {
    if (method !== 'eip3009' && method !== 'svm') flags.add('unknown_transfer_method');
    const step: Step =
      method === 'svm'
        ? { kind: 'sign_svm_transaction', gas_payer: 'facilitator', detail: 'the payer signs the transfer transaction; the facilitator is its fee payer' }
        : { kind: 'sign_eip3009', gas_payer: 'facilitator', detail: 'EIP-3009 transferWithAuthorization signature; the facilitator settles' };
    plan = { decision: 'no_friction', route: 'not_needed', steps: [step], signatures: 1, transactions: 0 };
  }
  if (!offer.network_known) flags.add('unknown_network');

  const steps = plan.steps.map((step, i) => ({ order: i + 1, ...step }));
  const blockedByApproval = method === 'permit2' && plan.route !== 'not_needed';
  const confidence = usdc ? 'high' : 'medium';
  const gas = steps.some((s) => s.gas_payer === 'payer') ? 'the payer pays gas' : 'gasless for the payer';
  const summary = `${plan.decision}: ${method} offer${method === 'permit2' ? ` (need ${need ?? 'unknown'}, allowance ${allowance === MAX_UINT256 ? 'unlimited' : allowance}, route ${plan.route})` : ''}; ${plan.signatures} signature${plan.signatures === 1 ? '' : 's'}, ${plan.transactions} transaction${plan.transactions === 1 ? '' : 's'}, ${gas}.`;
  return x402Answer(
    { decision: plan.decision, confidence, summary, riskFlags: flags, nextAction: NEXT_ACTION[plan.decision], limitations },
    {
      method,
      steps,
      signatures_required: plan.signatures,
      onchain_transactions_required: plan.transactions,
      expected_error_if_skipped: blockedByApproval ? SKIPPED_APPROVAL_ERROR : null,
      basis: { approval_route: plan.route, need_atomic: need === null ? null : need.toString(), allowance_atomic: allowance.toString(), sponsoring_extensions: [...sponsoring].sort(), ...support },
    },
  );
}
