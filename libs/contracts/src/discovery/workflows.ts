import { z } from 'zod';
import { CATALOG, priceOf, toolById, type ToolId } from '../catalog/index.js';
import { atomicToDecimal } from '../money.js';
import { PAYMENT } from '../x402.js';
import { REASON_CODES, type ReasonCode } from './recommend.js';

/**
 * Where a request field of a step gets its value: a field of an earlier step's request or result
 * (a path in that tool's request or result JSON Schema: dots between properties, `[]` for the items
 * of an array), or the caller.
 */
export type WorkflowSource = { tool: ToolId; part: 'request' | 'result'; path: string } | { caller: string };

export interface WorkflowStep {
  tool: ToolId;
  /** What this call adds, and when to stop before it. */
  purpose: string;
  /** Request fields of this tool filled from earlier calls or by the caller (field path in this tool's request schema). */
  inputs: readonly { field: string; from: WorkflowSource }[];
  /** Set when the step runs once per item of an earlier result array (that array's path). */
  forEach?: { tool: ToolId; path: string };
}

export interface Workflow {
  id: string;
  title: string;
  /** When an agent should pick this sequence. */
  whenToUse: string;
  /** The recommendation reason whose first paid call starts this workflow. */
  reasonCode: ReasonCode;
  steps: readonly WorkflowStep[];
}

const fromResult = (tool: ToolId, path: string): WorkflowSource => ({ tool, part: 'result', path });
const fromRequest = (tool: ToolId, path: string): WorkflowSource => ({ tool, part: 'request', path });

/**
 * The designed sequences of paid calls, in the order the workflow manifest lists them. Data only:
 * prices come from the catalog (workflowTotalPrice), and a test checks every tool id and field path
 * against the catalog's JSON Schemas.
 */
export const WORKFLOWS: readonly Workflow[] = [
  {
    id: 'wallet_triage_to_report',
    title: 'Wallet triage, audit, then a deep report',
    whenToUse: 'One public wallet to assess. Start cheap, and pay for more depth only when the previous answer asks for it.',
    reasonCode: 'default_wallet_triage',
    steps: [
      { tool: 'wallet_snapshot', purpose: 'Balances, token and NFT exposure and recent activity; its recommendedNextAction says whether an audit is worth it.', inputs: [{ field: 'address', from: { caller: 'the public wallet address' } }] },
      {
        tool: 'wallet_audit',
        purpose: 'A 0-100 risk score from documented flags, each with its on-chain evidence. Stop here when the risk is low.',
        inputs: [
          { field: 'address', from: fromResult('wallet_snapshot', 'addressSummary.address') },
          { field: 'chain', from: fromResult('wallet_snapshot', 'addressSummary.chain') },
        ],
      },
      {
        tool: 'deep_wallet_report',
        purpose: 'History over time, counterparties and exposures, saved under an unlisted URL, for a wallet that deserves a full review.',
        inputs: [
          { field: 'address', from: fromRequest('wallet_audit', 'address') },
          { field: 'chain', from: fromRequest('wallet_audit', 'chain') },
        ],
      },
    ],
  },
  {
    id: 'batch_screening_then_audit',
    title: 'Screen many wallets, audit the ones that stand out',
    whenToUse: 'Two to ten wallets (more in several batches), for example a list of counterparties or payers.',
    reasonCode: 'batch_wallet_screening',
    steps: [
      { tool: 'batch_wallet_snapshot', purpose: 'One snapshot per wallet in submitted order, and the escalation candidates with the reasons they stand out.', inputs: [{ field: 'addresses', from: { caller: 'up to ten public wallet addresses' } }] },
      {
        tool: 'wallet_audit',
        purpose: 'A full risk audit of each escalation candidate only; the other wallets need no more spending.',
        forEach: { tool: 'batch_wallet_snapshot', path: 'escalationCandidates' },
        inputs: [
          { field: 'address', from: fromResult('batch_wallet_snapshot', 'escalationCandidates[].address') },
          { field: 'chain', from: fromRequest('batch_wallet_snapshot', 'chain') },
        ],
      },
    ],
  },
  {
    id: 'pay_an_x402_seller_safely',
    title: 'Check before an agent pays, then audit the receipt',
    whenToUse: 'An agent is about to pay an x402 seller on its own: check the payment target first, and confirm afterwards that the payment settled as expected.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      { tool: 'agent_payment_preflight', purpose: 'Payee type, visible activity, expected payee and amount limits before any money moves. Do not pay when its decision says so.', inputs: [{ field: 'payee', from: { caller: 'the payee of the offer the seller answered with (payTo)' } }, { field: 'resource_url', from: { caller: 'the URL the agent is about to pay for' } }] },
      {
        tool: 'seller_profile',
        purpose: 'The seller\'s payment history: receivers, payers, repeat share and price consistency, for a seller the agent has not paid before.',
        inputs: [
          { field: 'payee', from: fromRequest('agent_payment_preflight', 'payee') },
          { field: 'service_url', from: fromRequest('agent_payment_preflight', 'resource_url') },
          { field: 'declared_price', from: fromRequest('agent_payment_preflight', 'amount') },
          { field: 'chain', from: fromRequest('agent_payment_preflight', 'chain') },
        ],
      },
      {
        tool: 'x402_authorized_payee_rotation_notary',
        purpose: 'When the offer\'s payTo is not the payee the agent pinned for this seller: verify the seller\'s published rotation record. Do not pay on payee_not_authorized or record_tampered.',
        inputs: [
          { field: 'mode', from: { caller: 'verify' } },
          { field: 'facts', from: { caller: 'the rotation record the seller publishes (its facts and record_id)' } },
          { field: 'facts.observed_payee_hash', from: { caller: 'sha256 of ND(network) + ":" + the offer\'s lowercase payTo' } },
        ],
      },
      {
        tool: 'receipt_audit',
        purpose: 'After the agent has paid the seller (outside Paysight): whether the payment settled, with the amount and payee that were expected.',
        inputs: [
          { field: 'transaction_hash', from: { caller: 'the settlement transaction hash the seller returned with its answer' } },
          { field: 'expected_payee', from: fromRequest('agent_payment_preflight', 'payee') },
          { field: 'expected_amount', from: fromRequest('agent_payment_preflight', 'amount') },
          { field: 'chain', from: fromRequest('agent_payment_preflight', 'chain') },
        ],
      },
      {
        tool: 'x402_signed_receipt_delivery_confidence_scorer',
        purpose: 'How strongly the settlement response and the seller\'s signed x402 receipt show this payment was delivered and acknowledged, with the signature verified offline. Keep the receipt as proof on delivered_confirmed.',
        inputs: [
          { field: 'expected.pay_to', from: fromRequest('agent_payment_preflight', 'payee') },
          { field: 'expected.resource_url', from: fromRequest('agent_payment_preflight', 'resource_url') },
          { field: 'settlement', from: { caller: 'the decoded PAYMENT-RESPONSE (or x402/payment-response) the seller answered with' } },
          { field: 'receipt', from: { caller: 'the seller\'s signed receipt: extensions["offer-receipt"].info.receipt of that settlement response' } },
        ],
      },
      {
        tool: 'x402_response_provenance_notary',
        purpose: 'Once the receipt checks out: a hash-only record that this answer and receipt existed, to show the seller or support later without revealing them. Keep notary_id and the lookup secret it returns once; verify with them later.',
        inputs: [
          { field: 'mode', from: { caller: 'create' } },
          { field: 'idempotency_key', from: { caller: 'a key of the agent for this paid call (32 to 160 letters, digits, _ or -), the same on a retry' } },
          { field: 'idempotency_scope_token', from: { caller: 'a secret of the agent (32 random bytes, base64url) that scopes its keys' } },
          { field: 'endpoint_path', from: { caller: 'the path of the paid resource' } },
          { field: 'tool_id', from: { caller: 'the seller\'s name for the tool or resource' } },
          { field: 'generated_at', from: { caller: 'when the seller answered' } },
          { field: 'response_hash', from: { caller: 'sha256: + hex SHA-256 of the seller\'s answer as received' } },
          { field: 'receipt_hash', from: { caller: 'sha256: + hex SHA-256 of the settlement response (PAYMENT-RESPONSE) as received' } },
          { field: 'amount', from: fromRequest('agent_payment_preflight', 'amount') },
        ],
      },
    ],
  },
  {
    id: 'choose_and_pay_an_x402_offer',
    title: 'Compare 402 offers, pick what to pay with, know the approval steps',
    whenToUse: 'A buyer agent holds 402 challenges from one or several providers for the same kind of resource and must decide which offer to pay, with which of its balances, and what has to happen before the payment can go through.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      {
        tool: 'x402_multi_provider_challenge_normalizer',
        purpose: 'One comparable list of the offers, whatever the format (x402 v1, v2 object or header, L402), ranked by price and friction within each value class. Stop when its decision is unparseable.',
        inputs: [{ field: 'challenges', from: { caller: 'the 402 challenges received, each with the provider\'s name and its format' } }],
      },
      {
        tool: 'x402_network_token_route_planner',
        purpose: 'For the provider picked from the normalized offers: which of its offers the agent can pay with its balances, in how many steps (Permit2 approval, CCTP bridge, signature) and who pays each step\'s gas. Stop when its decision is no_route.',
        inputs: [
          { field: 'challenge', from: { caller: 'the 402 challenge of the provider picked from the normalized offers (cheapest_by_class names it)' } },
          { field: 'holdings', from: { caller: 'the agent\'s balances per network and asset' } },
        ],
      },
      {
        tool: 'x402_permit2_approval_friction_explainer',
        purpose: 'For the chosen offer: the exact approval mechanics (EIP-3009 signature, Permit2 witness, EIP-2612 permit or approve transaction), who pays each step\'s gas, and whether skipping a step fails with 412. Do not pay when its decision is blocked.',
        inputs: [
          { field: 'offer', from: { caller: 'the accepts[] entry of the challenge at chosen.offer_index of the route plan' } },
          { field: 'extensions', from: { caller: 'the extensions object of that challenge' } },
          { field: 'payer', from: { caller: 'the agent\'s Permit2 allowance for the offer\'s asset and whether it holds native gas on its network' } },
        ],
      },
    ],
  },
  {
    id: 'transaction_status_then_decode',
    title: 'Check a transaction, decode it when it needs explaining',
    whenToUse: 'A transaction hash in hand: first whether it succeeded and how final it is, then what it did and why it reverted.',
    reasonCode: 'transaction_check',
    steps: [
      { tool: 'tx_status', purpose: 'Success or revert, block, confirmations, finality and fee. Enough when it succeeded and is final.', inputs: [{ field: 'transactionHash', from: { caller: 'the public transaction hash' } }] },
      {
        tool: 'tx_decode',
        purpose: 'Method and arguments, token transfers, internal calls and the decoded revert reason.',
        inputs: [
          { field: 'transactionHash', from: fromResult('tx_status', 'transactionHash') },
          { field: 'chain', from: fromResult('tx_status', 'chain') },
        ],
      },
    ],
  },
  {
    id: 'debug_a_failed_paid_request',
    title: 'Debug a failed paid request',
    whenToUse: 'A paid request failed, was answered 402 again, or the payment looks stuck: find out whether the money moved before paying again.',
    reasonCode: 'debug_failed_request',
    steps: [
      { tool: 'receipt_audit', purpose: 'Whether the payment settled, is pending or failed, with the paid amount and payee against what was expected.', inputs: [{ field: 'transaction_hash', from: { caller: 'the payment\'s transaction hash' } }] },
      {
        tool: 'tx_decode',
        purpose: 'When the payment transaction failed: what it called and the decoded revert reason.',
        inputs: [
          { field: 'transactionHash', from: fromResult('receipt_audit', 'transaction_hash') },
          { field: 'chain', from: fromResult('receipt_audit', 'chain') },
        ],
      },
    ],
  },
  {
    id: 'recover_from_an_x402_payment_failure',
    title: 'Recover from a failed x402 payment without paying twice',
    whenToUse: 'An agent\'s paid x402 call failed or timed out: normalize the errors it saw, find the most likely cause, plan the recovery, then decide whether the concrete retry is safe without paying twice, checking the facilitator when it is the suspect.',
    reasonCode: 'debug_failed_request',
    steps: [
      {
        tool: 'x402_agent_commerce_error_taxonomy_normalizer',
        purpose: 'Every error the agent saw (facilitator, HTTP, MCP, wallet, Permit2, L402) as one canonical code with retry class, owner and backoff. Stop when a code is never-retry and owned by a human (the user rejected).',
        inputs: [{ field: 'errors', from: { caller: 'the error codes and statuses the failed call produced, with their sources' } }],
      },
      {
        tool: 'x402_failure_fact_classifier',
        purpose: 'The single most likely cause of this failure from the combined facts, with the evidence for it.',
        inputs: [
          { field: 'failure_facts', from: { caller: 'the sanitized facts of the failed call: status, x402 version, codes, header names' } },
          { field: 'expected_facts', from: { caller: 'what the 402 offer said: network, amount, receiver, resource path' } },
          { field: 'caller_context.integration_step', from: { caller: 'the step that failed (sign, retry, verify, settle, target_response)' } },
        ],
      },
      {
        tool: 'x402_agent_payment_recovery_playbook',
        purpose: 'The ordered recovery plan for that cause: what to check, until when to wait, when a new signature is allowed and when to stop or ask a human. Stop on do_not_retry; hand over on needs_human; already_complete means nothing is owed.',
        inputs: [
          { field: 'cause', from: fromResult('x402_failure_fact_classifier', 'likely_cause') },
          { field: 'stage', from: { caller: 'the step that failed (challenge, sign, verify, settle, deliver)' } },
          { field: 'settlement_status', from: { caller: 'whether the payment settled, as far as the agent knows (settled, not_settled, unknown)' } },
          { field: 'valid_before', from: { caller: 'validBefore of the authorization it sent' } },
        ],
      },
      {
        tool: 'x402_payment_identifier_retry_safety_lens',
        purpose: 'Whether the planned retry is safe against the attempt history: same payment-identifier, a new payment, or wait until the authorization expires. Do not retry on unsafe_plan or do_not_retry.',
        inputs: [
          { field: 'server_supports_payment_identifier', from: { caller: 'whether the 402 advertised the payment-identifier extension' } },
          { field: 'attempts', from: { caller: 'each attempt: payment-identifier, payload hash, validBefore, status and settlement' } },
          { field: 'planned_next', from: { caller: 'the retry the agent means to send' } },
        ],
      },
      {
        tool: 'x402_facilitator_readiness_passport',
        purpose: 'When the cause is facilitator_unavailable or settlement_pending: whether the facilitator is ready for the network and stable enough to retry through, or a fallback is needed.',
        inputs: [
          { field: 'facilitator_label', from: { caller: 'the facilitator the seller routes through' } },
          { field: 'supported_response', from: { caller: 'its GET /supported answer' } },
          { field: 'target.networks', from: { caller: 'the network of the offer paid' } },
          { field: 'observations.error_codes', from: fromRequest('x402_agent_commerce_error_taxonomy_normalizer', 'errors[].code') },
        ],
      },
    ],
  },
  {
    id: 'x402_seller_due_diligence',
    title: 'Seller due diligence: profile, then authenticity',
    whenToUse: 'Deciding whether an x402 service deserves trust or a long-running integration, before any agent pays it.',
    reasonCode: 'payment_trust',
    steps: [
      { tool: 'seller_profile', purpose: 'Who pays the seller, how often they come back, how concentrated the demand is and whether prices are consistent.', inputs: [{ field: 'service_url', from: { caller: 'the x402 service URL' } }, { field: 'payee', from: { caller: 'the payee its offers name' } }] },
      {
        tool: 'authenticity_score',
        purpose: 'How organic the paid demand looks (0 to 1), with the payment graph behind the score, when the profile leaves doubt.',
        inputs: [
          { field: 'payee', from: fromRequest('seller_profile', 'payee') },
          { field: 'service_url', from: fromRequest('seller_profile', 'service_url') },
          { field: 'chain', from: fromRequest('seller_profile', 'chain') },
        ],
      },
    ],
  },
  {
    id: 'agent_wallet_and_mandate_review',
    title: 'Agent wallet and mandate review',
    whenToUse: 'Reviewing what an agent paid on someone\'s behalf: what kind of wallet it pays from, and whether a payment stayed within its mandate.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      { tool: 'agent_wallet_profile', purpose: 'EOA, contract, proxy or EIP-7702 delegated account, with the signals that matter to agents.', inputs: [{ field: 'address', from: { caller: 'the agent\'s paying wallet' } }] },
      {
        tool: 'mandate_chain_evidence',
        purpose: 'On-chain evidence that one payment stayed within the declared amount limit, payee and purpose.',
        inputs: [
          { field: 'transaction_hash', from: { caller: 'the payment to review' } },
          { field: 'chain', from: fromRequest('agent_wallet_profile', 'chain') },
        ],
      },
    ],
  },
  {
    id: 'shareable_wallet_report',
    title: 'A wallet report to share with a person',
    whenToUse: 'Someone without an agent needs to read the result: snapshot first, then a saved report with a human page.',
    reasonCode: 'default_wallet_triage',
    steps: [
      { tool: 'wallet_snapshot', purpose: 'Confirms the wallet has activity worth a report.', inputs: [{ field: 'address', from: { caller: 'the public wallet address' } }] },
      {
        tool: 'saved_report',
        purpose: 'Generates the report and stores it under an unlisted URL with a human page and JSON.',
        inputs: [
          { field: 'address', from: fromResult('wallet_snapshot', 'addressSummary.address') },
          { field: 'chain', from: fromResult('wallet_snapshot', 'addressSummary.chain') },
        ],
      },
    ],
  },
  {
    id: 'multi_agent_spend_guard',
    title: 'Guard the spend of a team of agents',
    whenToUse: 'Agents that delegate to and pay each other: before a call closes a loop, before purchases are split under a limit, and before an agent\'s choice of seller is acted on.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      {
        tool: 'recursive_commerce_loop_breaker',
        purpose: 'Whether the next call closes a loop in the task, what the loop would spend, and the depth, spend and repeat limits. Do not make the call when its decision is block.',
        inputs: [
          { field: 'rootAgentId', from: { caller: 'the agent that started the task' } },
          { field: 'proposedCall', from: { caller: 'the call about to be made' } },
          { field: 'edges', from: { caller: 'the calls already made in the task' } },
        ],
      },
      {
        tool: 'micropurchase_fragmentation_guard',
        purpose: 'The task\'s purchases against the single and window limits: purchases split to stay under them, grouped over shared wallets and verified relationships.',
        inputs: [
          { field: 'proposedPurchases', from: { caller: 'the purchases about to be made' } },
          { field: 'principalAgentId', from: fromRequest('recursive_commerce_loop_breaker', 'rootAgentId') },
        ],
      },
      {
        tool: 'conflict_of_interest_scanner',
        purpose: 'When an agent chose the seller: its ties to the sellers and how far its choice scores below the best one.',
        inputs: [
          { field: 'recommendingAgent.agentId', from: fromRequest('recursive_commerce_loop_breaker', 'proposedCall.fromAgentId') },
          { field: 'candidateSellers', from: { caller: 'the sellers the agent chose among, with their quotes' } },
        ],
      },
    ],
  },
  {
    id: 'mandate_holder_upgrade',
    title: 'An agent holding a person\'s mandate ships a new version',
    whenToUse: 'A person signed an intent for an agent, and the agent now runs a new version: check the new version is the same owner\'s, that the next action keeps within the signed intent, and withdraw the intent from the services that hold it when it does not.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      {
        tool: 'version_continuity_proof',
        purpose: 'Whether an active owner key of the old version signed the new one, and what changed (keys, wallets, routes, schemas, scopes). Stop trusting the mandate when its decision is block.',
        inputs: [
          { field: 'previousVersion', from: { caller: 'the signed manifest of the version the person gave the mandate to' } },
          { field: 'currentVersion', from: { caller: 'the signed manifest of the version now running' } },
        ],
      },
      {
        tool: 'human_intent_checksum',
        purpose: 'Before the new version acts: the intent\'s checksum, the person\'s signature over it, its expiry, and the action against its limits.',
        inputs: [
          { field: 'intent', from: { caller: 'the intent the person signed' } },
          { field: 'authorization', from: { caller: 'the person\'s signature over its checksum' } },
          { field: 'proposedAction.agentId', from: fromRequest('version_continuity_proof', 'currentVersion.agentId') },
        ],
      },
      {
        tool: 'revocation_propagation',
        purpose: 'When the person withdraws the intent: checks that the person signed the revocation and prepares a notice for each opted-in service that holds the grant (Paysight sends none).',
        inputs: [
          { field: 'revocation.grantId', from: fromRequest('human_intent_checksum', 'intent.intentId') },
          { field: 'revocation.grantor', from: fromRequest('human_intent_checksum', 'intent.principal') },
          { field: 'revocation.grantChecksum', from: fromResult('human_intent_checksum', 'intentChecksum') },
          { field: 'revocation.grantee', from: fromRequest('version_continuity_proof', 'currentVersion.agentId') },
          { field: 'targets', from: { caller: 'the services that hold the grant, with their opt-in records' } },
        ],
      },
    ],
  },
  {
    id: 'plan_paid_task_before_spending',
    title: 'Plan a paid task before spending, then check the spend',
    whenToUse: 'An agent is about to buy evidence or calls from other agents for a task: choose what to buy within the budget, dry-run the plan against the budget and deadline, and afterwards check how its delegates actually spent.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      {
        tool: 'evidence_budget_router',
        purpose: 'Which paid sources to buy for the decision, in order, within the budget and deadline. Stop when its decision is block or insufficient_evidence.',
        inputs: [
          { field: 'question', from: { caller: 'the decision the evidence is for' } },
          { field: 'budget', from: { caller: 'what the agent may spend on evidence' } },
          { field: 'dimensions', from: { caller: 'the questions the decision needs answered' } },
          { field: 'sources', from: { caller: 'the paid tools and APIs that could answer them, with prices' } },
        ],
      },
      {
        tool: 'economic_dry_run_simulator',
        purpose: 'The chosen purchases as the plan\'s steps, with their failure chances, retries and latency spreads: cost and latency percentiles and the chance of success, before any money moves.',
        inputs: [
          { field: 'plan.nodes[].id', from: fromResult('evidence_budget_router', 'purchasePlan[].sourceId') },
          { field: 'plan.nodes[].provider', from: fromResult('evidence_budget_router', 'purchasePlan[].provider') },
          { field: 'plan.nodes[].price', from: fromResult('evidence_budget_router', 'purchasePlan[].price') },
          { field: 'plan.nodes[].successProbability', from: { caller: 'how often each source answers' } },
          { field: 'policy.budget', from: fromRequest('evidence_budget_router', 'budget') },
          { field: 'policy.deadlineMs', from: fromRequest('evidence_budget_router', 'deadlineMs') },
        ],
      },
      {
        tool: 'spend_laundering_detector',
        purpose: 'After the task ran: what the principal\'s delegates spent across the delegation tree, against the same budget per window: spend split under each one\'s limit, under revoked grants or from wallets outside the tree.',
        inputs: [
          { field: 'principal', from: { caller: 'the principal and its wallets' } },
          { field: 'delegations', from: { caller: 'the grants of spending authority' } },
          { field: 'spendEvents', from: { caller: 'the payments the delegates made' } },
          { field: 'policy.aggregateLimit', from: fromRequest('economic_dry_run_simulator', 'policy.budget') },
        ],
      },
    ],
  },
  {
    id: 'evidence_provider_due_diligence',
    title: 'Rely on evidence providers, then measure what their evidence was worth',
    whenToUse:
      'An agent buys evidence (data, inference, reports) from several paid providers: check that the providers it counts as independent do not share hidden dependencies, that none carries the continuity signals of a restricted entity, and afterwards whether the evidence changed its decisions enough to pay for itself.',
    reasonCode: 'payment_trust',
    steps: [
      {
        tool: 'hidden_dependency_map',
        purpose: 'Workload-weighted exposure per critical dependency, dependencies observed but not declared, and which providers are shown independent. Rely only on those for redundancy.',
        inputs: [{ field: 'services', from: { caller: 'the providers with their workload share and declared and observed dependencies' } }],
      },
      {
        tool: 'reputation_reincarnation_detector',
        purpose: 'For each provider kept: whether it carries the owner keys, funding wallets or infrastructure of a restricted entity without a continuity proof. Do not pass reputation on a block.',
        forEach: { tool: 'hidden_dependency_map', path: 'independentServices' },
        inputs: [
          { field: 'candidate.agentId', from: fromResult('hidden_dependency_map', 'independentServices[]') },
          { field: 'referenceEntities', from: { caller: 'the entities to compare with, with their status and signals' } },
        ],
      },
      {
        tool: 'counterfactual_value_meter',
        purpose: 'After buying and using the evidence: whether it changed the decision, by how much, and its value per USDC against the policy; or each item\'s Shapley value when several were bought.',
        inputs: [
          { field: 'mode', from: { caller: 'decision_delta for one purchase, coalition_attribution for several' } },
          { field: 'purchase.evidenceItemId', from: { caller: 'the evidence bought from the provider' } },
        ],
      },
    ],
  },
  {
    id: 'leave_a_failing_service',
    title: 'Move off a service that keeps failing, evidence intact',
    whenToUse: 'Calls to a service an agent depends on keep failing in some context: see what it has been observed to fail at, check that the receipts, mandates and quotes to carry over are current and causally consistent, then plan the move to another service.',
    reasonCode: 'debug_failed_request',
    steps: [
      {
        tool: 'negative_capability',
        purpose: 'The service\'s observed failure rate, failures by error code and failing task contexts. Observations exist for this service\'s own tools (by MCP name); any other agent answers insufficient_evidence. Stop when it allows.',
        inputs: [
          { field: 'agentId', from: { caller: 'the MCP name of the tool the agent depends on, such as svc_wallet_audit' } },
          { field: 'taskContext.network', from: { caller: 'the chain the failing calls were about' } },
        ],
      },
      {
        tool: 'x402_paid_tool_latency_sla_evidence_notary',
        purpose: 'When the failures are slowness: from the agent\'s own timings of its paid calls, whether the latency SLA was breached, which phase (verify, handler, settle) took the time, and a digest that pins the evidence for a dispute.',
        inputs: [
          { field: 'sla', from: { caller: 'the latency targets the service promised (p95_ms at least)' } },
          { field: 'samples', from: { caller: 'the agent\'s timings of its paid calls to the service' } },
        ],
      },
      {
        tool: 'temporal_consistency_gate',
        purpose: 'Before carrying evidence over: which receipts, mandates and quotes are still in force, issued after what they reference, and in sequence.',
        inputs: [{ field: 'items', from: { caller: 'the time-stamped evidence the agent holds from the service' } }],
      },
      {
        tool: 'service_exit_handoff',
        purpose: 'The candidate services ranked by capability and field coverage, receipt and idempotency-key carry-over and downtime, with a step-by-step plan for the best one. Nothing is contacted.',
        inputs: [
          { field: 'sourceService.serviceId', from: fromRequest('negative_capability', 'agentId') },
          { field: 'targetCandidates', from: { caller: 'the services that could take over, with their import schemas' } },
        ],
      },
    ],
  },
  {
    id: 'audit_paid_calls_and_what_followed',
    title: 'Audit paid calls end to end: the x402 exchange, then each purchase\'s lifecycle',
    whenToUse: 'A seller (or a buyer\'s operations team) reviews a period of paid calls: did each call follow the x402 exchange, did each purchase then reach a valid end without gaps, and for a disputed purchase, how well is its delivery proven.',
    reasonCode: 'payment_trust',
    steps: [
      {
        tool: 'x402_agent_checkout_state_simulator',
        purpose: 'Each logged paid call replayed through the x402 state machine. On invalid_flow fix the server first: charged_without_service means a buyer is owed a refund, served_without_charge means revenue was lost.',
        inputs: [{ field: 'events', from: { caller: 'the logged events of the paid calls (request, 402, verify, handler, settle, response, receipt header), one correlation id per call' } }],
      },
      {
        tool: 'x402_post_purchase_event_continuity_checker',
        purpose: 'For the calls that ended complete: whether each purchase\'s later events (receipt, fulfilment, refunds, disputes, webhooks) are complete, in order and reach a valid end by the deadline. broken means the records contradict themselves.',
        inputs: [
          { field: 'purchases', from: { caller: 'the purchases of the calls whose final_state was complete, with paid_at and the amount paid' } },
          { field: 'events', from: { caller: 'the purchases\' lifecycle events from the order or fulfilment system' } },
        ],
      },
      {
        tool: 'x402_signed_receipt_delivery_confidence_scorer',
        purpose: 'For a purchase in dispute (a dispute_opened event, or event_after_terminal findings): how strongly the settlement response, its delivery and the seller\'s signed receipt show it was delivered.',
        inputs: [
          { field: 'expected', from: { caller: 'the disputed purchase: payer, network, resource URL, payee and transaction' } },
          { field: 'settlement', from: { caller: 'the settle response kept for that call' } },
          { field: 'receipt', from: { caller: 'the signed x402 receipt delivered with it, if any' } },
        ],
      },
    ],
  },
  {
    id: 'let_an_agent_use_a_paid_mcp_seller',
    title: 'Let an agent use a seller\'s paid MCP tools, then book what it spent',
    whenToUse: 'An operator is about to give an agent access to a seller that publishes paid tools over MCP (and maybe an x402 manifest, an A2A card, OpenAPI or llms.txt): know what the seller charges where, grant only what the agent needs, and later book the spend by category.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      {
        tool: 'x402_cross_protocol_agent_commerce_profile_normalizer',
        purpose: 'One commerce profile merged from the seller\'s documents: operations, prices, networks, payees and protocols. Do not go on when its decision is conflicting until the seller says which price, network or payee holds.',
        inputs: [
          { field: 'service_label', from: { caller: 'a name for the seller' } },
          { field: 'documents', from: { caller: 'the seller\'s published documents, as the agent fetched them (its MCP tools/list result under mcp_tools)' } },
        ],
      },
      {
        tool: 'x402_mcp_paid_tool_permission_scope_auditor',
        purpose: 'Whether the grant the operator means to give is least-privilege for the paid tools the agent can afford on its networks, and the minimal grant. Do not grant when its decision is under_declared or over_privileged; grant suggested_grant instead.',
        inputs: [
          { field: 'tools', from: { caller: 'the tools of the seller\'s MCP tools/list result (the same list as documents.mcp_tools.tools)' } },
          { field: 'agent_grant', from: { caller: 'the scopes, per-call cap and networks the operator means to grant' } },
        ],
      },
      {
        tool: 'x402_svc_agent_spend_category_classifier',
        purpose: 'After a period of use: the agent\'s spend lines (x402 receipts, wallet export rows) in budget categories, with the rule behind each line.',
        inputs: [{ field: 'items', from: { caller: 'the agent\'s spend lines for the period' } }],
      },
    ],
  },
  {
    id: 'integrate_an_x402_service',
    title: 'Before an agent integrates an x402 service',
    whenToUse: 'An agent is about to rely on an x402 service it has not used: do its discovery documents agree, does the endpoint\'s 402 challenge match them, can the agent pay it, and is its payee really paid on chain.',
    reasonCode: 'payment_trust',
    steps: [
      {
        tool: 'service_discovery_audit',
        purpose: 'Whether the service\'s discovery documents agree with each other and with the path and price the agent expects. Do not go on when its decision is major_drift.',
        inputs: [
          { field: 'service_url', from: { caller: 'the x402 service URL' } },
          { field: 'discovery_documents', from: { caller: 'the service\'s discovery documents, as the agent fetched them' } },
          { field: 'expected_resource_path', from: { caller: 'the paid path the agent means to call' } },
        ],
      },
      {
        tool: 'x402_catalog_drift_monitor',
        purpose: 'For the one endpoint the agent will call: whether the catalog entry, OpenAPI operation, MCP tool entry and its unpaid 402 challenge agree on path, method, price, currency, network and payee. Do not go on when its decision is major_drift or unsafe_target.',
        inputs: [
          { field: 'service_url', from: fromRequest('service_discovery_audit', 'service_url') },
          { field: 'expected_endpoint', from: fromRequest('service_discovery_audit', 'expected_resource_path') },
          { field: 'payment_challenge_json', from: { caller: 'the 402 answer of the resource at expected_resource_path (the JSON body, or the decoded PAYMENT-REQUIRED header)' } },
        ],
      },
      {
        tool: 'agent_compatibility_analyzer',
        purpose: 'Whether the agent\'s x402 client can pay the resource\'s 402 challenge (version, scheme, network, asset, cap, payment header) and which offer it would pay.',
        inputs: [
          { field: 'agent', from: { caller: 'the agent\'s declared x402 capabilities' } },
          { field: 'service.payment_required', from: { caller: 'the 402 answer of the resource at expected_resource_path' } },
        ],
      },
      {
        tool: 'agent_payment_history_summary',
        purpose: 'Whether the payee of the offer the agent would pay is actually paid on chain, at which prices and by how many payers.',
        inputs: [
          { field: 'payee', from: fromResult('agent_compatibility_analyzer', 'selected_offer.pay_to') },
          { field: 'chain', from: fromResult('agent_compatibility_analyzer', 'selected_offer.network') },
          { field: 'resource_path', from: fromRequest('service_discovery_audit', 'expected_resource_path') },
        ],
      },
    ],
  },
  {
    id: 'price_and_route_x402_offers',
    title: 'Price a paid route, choose its facilitators, audit what it accepts',
    whenToUse: 'A seller is publishing an x402 route on several networks: turn its price into exact amounts, check the prices people see against them, then choose the cheapest facilitator per network and the fallbacks that keep payments flowing when one fails; once it takes payments, audit the authorizations it accepted for replays.',
    reasonCode: 'payment_trust',
    steps: [
      {
        tool: 'x402_default_asset_tokenamount_advisor',
        purpose: 'The exact TokenAmount (atomic amount, USDC asset, EIP-712 extra) per network, with any rounding explicit. Stop on ambiguous_price or unsupported_network until the price or assets are fixed.',
        inputs: [
          { field: 'price', from: { caller: 'the route\'s price, such as $0.01' } },
          { field: 'networks', from: { caller: 'the networks the route accepts' } },
        ],
      },
      {
        tool: 'x402_price_display_unit_sanity_checker',
        purpose: 'Whether the prices shown in the storefront, docs or wallet UI describe the same money as those amounts. Do not publish on unit_error.',
        inputs: [{ field: 'items', from: { caller: 'each display text with the amount from token_amounts[].amount, its asset and network' } }],
      },
      {
        tool: 'x402_facilitator_cost_comparator',
        purpose: 'For each network\'s amount: which compatible facilitator is cheapest at the expected monthly volume, and where flat and percentage fees cross.',
        forEach: { tool: 'x402_default_asset_tokenamount_advisor', path: 'token_amounts' },
        inputs: [
          { field: 'payment.network', from: fromResult('x402_default_asset_tokenamount_advisor', 'token_amounts[].network') },
          { field: 'payment.amount_atomic', from: fromResult('x402_default_asset_tokenamount_advisor', 'token_amounts[].amount') },
          { field: 'payment.monthly_count', from: { caller: 'the expected payments per month' } },
          { field: 'facilitators', from: { caller: 'the candidate facilitators with their /supported answers and fee quotes' } },
        ],
      },
      {
        tool: 'x402_multi_chain_facilitator_failover_planner',
        purpose: 'Per network, the primary (normally the cheapest compatible one) and fallbacks in independent failure domains, and when failing over is safe.',
        inputs: [
          { field: 'networks', from: fromRequest('x402_default_asset_tokenamount_advisor', 'networks') },
          { field: 'facilitators', from: { caller: 'the same facilitators with their /supported answers and observed availability' } },
        ],
      },
      {
        tool: 'x402_offer_replay_hygiene_auditor',
        purpose: 'Once the route takes payments (and after any failover): whether the authorizations it accepted were replay-safe, i.e. no payment served twice, none after expiry, unique unpredictable nonces, windows and offers bounded. Fix the middleware before going on when its decision is replay_exposed.',
        inputs: [
          { field: 'offers', from: { caller: 'the route\'s published offers (its accepts[] entries or signed offers)' } },
          { field: 'authorizations', from: { caller: 'the EIP-3009 authorizations the route accepted, from the seller\'s payment log (public fields only, never the signature)' } },
        ],
      },
    ],
  },
  {
    id: 'govern_autonomous_spend',
    title: 'Govern an agent that buys on its own',
    whenToUse: 'An agent will buy human-not-present for a person or an organisation: check its wallet policy covers the known abuse scenarios and its AP2 mandate bounds what it may buy before it acts, then reconcile what it bought.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      {
        tool: 'x402_agent_wallet_policy_coverage_gap_analyzer',
        purpose: 'Which known x402 spend-abuse scenarios the wallet\'s spend policy leaves uncovered for the planned usage, with a derived policy patch. Apply the patch before going on when its decision is no_policy or weak.',
        inputs: [
          { field: 'policy', from: { caller: 'the agent wallet\'s spend policy' } },
          { field: 'planned_usage', from: { caller: 'the typical price, calls per day and networks the agent will pay' } },
        ],
      },
      {
        tool: 'x402_ap2_mandate_constraint_gap_auditor',
        purpose: 'Which of merchant, item, amount, currency, time, refundability and confirmation the AP2 intent leaves open, and whether its cart and payment mandates agree with it. Do not buy when its decision is invalid_mandate or unbounded.',
        inputs: [
          { field: 'intent_mandate', from: { caller: 'the AP2 IntentMandate the agent holds' } },
          { field: 'intent_signed_by_user', from: { caller: 'whether the user signed that intent' } },
          { field: 'cart_mandate', from: { caller: 'the merchant\'s CartMandate, once there is a cart' } },
        ],
      },
      {
        tool: 'x402_autonomous_purchase_intent_to_receipt_reconciler',
        purpose: 'After the agent has bought: each purchase intent matched to its x402 payments, settlements and deliveries; orphan, duplicate and paid-but-not-delivered payments to resolve.',
        inputs: [
          { field: 'intents', from: { caller: 'the purchase intents the agent acted on' } },
          { field: 'payments', from: { caller: 'the x402 payment authorizations it made, with their settle responses' } },
          { field: 'deliveries', from: { caller: 'the responses it received for them' } },
        ],
      },
    ],
  },
  {
    id: 'confirm_an_agent_checkout',
    title: 'Check what a buyer agent shows and asks before it signs',
    whenToUse: 'A buyer agent or its wallet UI pays on a person\'s behalf: does its confirmation prompt obtain informed consent, did the checkout it rendered show what will really be paid, and is the total it signs still the one the person approved?',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      {
        tool: 'x402_paid_tool_confirmation_prompt_auditor',
        purpose: 'Once per prompt template and paid tool: whether the confirmation prompt states price, currency and subject, has an explicit pay button that is not the default and a cancel, and avoids pressure. Fix the prompt (suggested_prompt) before going on when its decision is invalid_consent.',
        inputs: [
          { field: 'prompt', from: { caller: 'the confirmation prompt template: title, body text, buttons and any "don\'t ask again" checkbox' } },
          { field: 'tool', from: { caller: 'the paid tool it asks about: name, price, currency, network and MCP annotations' } },
          { field: 'approval_free_below', from: { caller: 'the price up to which the client pays without asking, if any' } },
        ],
      },
      {
        tool: 'x402_agent_rendered_checkout_ui_diff',
        purpose: 'Whether the checkout shown to the person states the amount, asset, payee, network and recurrence of the offer being signed. Do not ask for confirmation on misleading; add what is missing on incomplete.',
        inputs: [
          { field: 'rendered', from: { caller: 'the fields and text shown for this payment: the audited prompt as rendered with the offer\'s values' } },
          { field: 'actual', from: { caller: 'the offer about to be signed: amount, asset, network, payTo, and whether it recurs' } },
        ],
      },
      {
        tool: 'x402_final_total_delta_guard',
        purpose: 'Right before signing: whether the final total still matches the approved one within the tolerance, and which line items were added or changed. Do not sign on block; ask again on requires_reconfirmation.',
        inputs: [
          { field: 'approved', from: { caller: 'the total and line items the person or the policy approved' } },
          { field: 'final.amount_atomic', from: fromRequest('x402_agent_rendered_checkout_ui_diff', 'actual.amount_atomic') },
          { field: 'final.asset', from: fromRequest('x402_agent_rendered_checkout_ui_diff', 'actual.asset') },
          { field: 'final.network', from: fromRequest('x402_agent_rendered_checkout_ui_diff', 'actual.network') },
          { field: 'final.currency', from: { caller: 'the currency the merchant states for the final total' } },
          { field: 'final.line_items', from: { caller: 'the final line items, when the merchant itemizes them' } },
          { field: 'tolerance', from: { caller: 'the tolerance the person or the policy allows' } },
        ],
      },
    ],
  },
  {
    id: 'delegate_a_task_to_a_paid_a2a_agent',
    title: 'Pick a paid A2A agent for a task, check its card, then see how it takes payment',
    whenToUse: 'An orchestrator agent holds a task and the agent cards of several remote A2A agents it could delegate to and pay: which skill fits, whether the chosen agent\'s card deserves trust, and whether the payment methods its 402 asks for were disclosed up front.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      {
        tool: 'x402_a2a_skill_to_task_matchmaker',
        purpose: 'Which skill of which agent fits the task, behind the mode, tag and price filters. Stop on no_match; confirm with the agents on weak_match.',
        inputs: [
          { field: 'task', from: { caller: 'the task: its description, the MIME types it sends and needs, required tags and the most it pays per call' } },
          { field: 'agent_cards', from: { caller: 'the agent cards of the candidate agents, as fetched' } },
        ],
      },
      {
        tool: 'x402_a2a_agent_card_trust_radar',
        purpose: 'The trust shape of the chosen agent\'s card (identity, transport, auth, integrity, payment clarity, skill hygiene), its JWS verified offline. Do not delegate or pay on untrusted_shape; pin card_hash for the next run.',
        inputs: [
          { field: 'agent_card', from: { caller: 'the card of the top skill: the agent_cards entry its pointer names' } },
          { field: 'context', from: { caller: 'where the card was fetched from, the expected domain and any pinned card_hash' } },
          { field: 'jwks', from: { caller: 'the provider\'s public JWKs, obtained out of band' } },
        ],
      },
      {
        tool: 'x402_payment_method_disclosure_map',
        purpose: 'Once the agent answers with a 402: whether every method it accepts was disclosed before the request (on its card and other documents). Be wary of paying with a method on undisclosed_methods.',
        inputs: [
          { field: 'surfaces.a2a_agent_card', from: fromRequest('x402_a2a_agent_card_trust_radar', 'agent_card') },
          { field: 'surfaces.challenge', from: { caller: 'the agent\'s x402 payment-required challenge' } },
          { field: 'surfaces.llms_txt', from: { caller: 'the provider\'s llms.txt or terms, if any' } },
        ],
      },
    ],
  },
  {
    id: 'watch_a_paid_tool_dependency',
    title: 'Keep watching a paid tool an agent depends on',
    whenToUse: 'An agent or integrator pays the same x402 or MCP tool again and again: does each answer keep its contract, and are the tool definitions it hard-wired stable over time.',
    reasonCode: 'payment_trust',
    steps: [
      {
        tool: 'x402_response_contract_linter',
        purpose: 'Right after a paid call: whether the captured answer satisfies its schema and the rules of its kind (MCP result, x402-paid envelope, plain API). Stop relying on the tool when its decision is fail.',
        inputs: [
          { field: 'response_sample', from: { caller: 'the body of the paid answer, as received' } },
          { field: 'schema_sample', from: { caller: 'the tool\'s declared output schema (MCP outputSchema or the OpenAPI response schema)' } },
        ],
      },
      {
        tool: 'x402_paid_agent_response_completeness_drift_ledger',
        purpose: 'Over the paid answers kept so far: whether they are getting emptier (tracked fields null or missing). Carry ledger_head into the next run; escalate to the seller when the decision is degraded.',
        inputs: [
          { field: 'tool_label', from: { caller: 'the paid tool the samples are answers of' } },
          { field: 'tracked_paths', from: { caller: 'JSON pointers of the fields the agent needs from each answer' } },
          { field: 'samples', from: { caller: 'the captured paid answers, with observed_at, paid and http_status' } },
        ],
      },
      {
        tool: 'x402_mcp_operation_stability_ledger',
        purpose: 'Over the tools/list snapshots kept since the integration: which operations churn or broke, and whether the server bumped its version. Carry ledger_head into the next run; re-read the definitions before relying on an operation whose decision is unstable.',
        inputs: [
          { field: 'server_label', from: { caller: 'the MCP server the tool belongs to' } },
          { field: 'snapshots', from: { caller: 'the tools/list answers captured over time, with captured_at and serverInfo.version' } },
          { field: 'previous_ledger_head', from: { caller: 'ledger_head of the previous run, if any' } },
        ],
      },
    ],
  },
  {
    id: 'set_and_check_agent_spend_limits',
    title: 'Set an agent\'s spend limits, then check each purchase against them',
    whenToUse: 'An operator lets an agent pay from a smart wallet through a spend policy and an on-chain Spend Permission: replay the payments it is expected to make through the policy, check the permission carries the ones the policy allows, and after each purchase check what was paid against what was authorized.',
    reasonCode: 'guard_autonomous_commerce',
    steps: [
      {
        tool: 'x402_agent_wallet_spend_policy_simulator',
        purpose: 'Which of the expected payments the policy allows, holds for a human or denies, by which rule, and when the daily or weekly budget runs out. Fix the policy before going on when its decision is policy_invalid or mostly_denied.',
        inputs: [
          { field: 'policy', from: { caller: 'the agent wallet\'s spend policy' } },
          { field: 'events', from: { caller: 'a realistic sequence of the payments the agent will propose (recent history or a plan)' } },
        ],
      },
      {
        tool: 'x402_spend_permission_allowance_fit_checker',
        purpose: 'Whether the Spend Permission the agent\'s spender holds carries the payments the policy allows, period by period, and the tightest permission that does. Re-issue the permission when its decision is outside_validity, exceeds_allowance or fits_with_headroom_warning.',
        inputs: [
          { field: 'permission', from: { caller: 'the SpendPermission the smart wallet approved for the agent\'s spender' } },
          { field: 'planned', from: { caller: 'the events whose results[].outcome is allow, as unix seconds with their amounts in atomic units' } },
          { field: 'expected_spender', from: { caller: 'the address the agent spends from' } },
        ],
      },
      {
        tool: 'x402_agent_commerce_mandate_receipt_fit_card',
        purpose: 'After each purchase: whether what was paid fits what was authorized, row by row. Raise a misfit with the merchant or issuer and replay the policy again before the agent continues.',
        inputs: [
          { field: 'mandate.x402_budget.authorized_max_amount', from: fromRequest('x402_agent_wallet_spend_policy_simulator', 'policy.per_tx_max') },
          { field: 'mandate.x402_budget.expected_payee', from: { caller: 'the payee the agent meant to pay (one of policy.allowed_payees)' } },
          { field: 'receipt.x402', from: { caller: 'the settle response of the payment, with its amount, asset, payee and time' } },
        ],
      },
    ],
  },
  {
    id: 'review_an_agent_sellers_commercial_side',
    title: 'Review the commercial side of a paid agent service',
    whenToUse: 'A seller paid by agents over x402 (directly or through a marketplace or MCP proxy), or its auditor, reviews what buyers agree to, who is the merchant of record, whether what it charged matches its declared charge rule, and what the collected payments left on each network.',
    reasonCode: 'payment_trust',
    steps: [
      {
        tool: 'x402_agent_commerce_terms_uri_resolver',
        purpose: 'Which of the published terms govern a paid resource as a buyer agent resolves them (x402 terms extension, OpenAPI, manifests, llms.txt), whether they are safe labels and whether the top sources conflict. Publish one safe, versioned terms source first when its decision is unsafe_uri, missing or conflicting.',
        inputs: [
          { field: 'sources', from: { caller: 'the terms each surface publishes: the x402 terms extension, OpenAPI termsOfService, manifests, llms.txt' } },
          { field: 'pinned', from: { caller: 'the terms identity buyers last agreed to, if one is recorded' } },
        ],
      },
      {
        tool: 'x402_merchant_of_record_boundary_explainer',
        purpose: 'When the service is sold through a marketplace, MCP proxy or platform: who receives the funds, issues receipts, refunds and owns the terms, and whether buyers are told. Fix the checkout name and the disclosure when its decision is split_roles.',
        inputs: [
          { field: 'parties', from: { caller: 'the seller and each intermediary between it and the buyer' } },
          { field: 'roles', from: { caller: 'who receives the funds (payTo), sets the price, issues receipts, refunds, owns the terms and answers support' } },
          { field: 'cart_merchant_name', from: { caller: 'the merchant name the buyer sees at checkout' } },
        ],
      },
      {
        tool: 'x402_partial_work_charge_boundary_tester',
        purpose: 'Whether each recorded paid call was charged as the declared rule says, including partial work, timeouts and handler errors. Refund the overcharged cases when its decision is overcharges_found; fix the rule first when it is policy_ambiguous.',
        inputs: [
          { field: 'policy', from: { caller: 'the charge rule the seller declares and the x402 scheme it is paid with' } },
          { field: 'cases', from: { caller: 'recorded paid calls: status, completed and total units, flags, settlement and price' } },
        ],
      },
      {
        tool: 'x402_machine_payment_treasury_dust_map',
        purpose: 'What the collected payments left on each network: balances worth sweeping home, dust below the cost of moving it, and lookalike tokens posing as USDC. Quarantine the lookalikes when its decision is suspicious_assets_present.',
        inputs: [
          { field: 'holdings', from: { caller: 'the payTo wallet balances per network and token, with USD prices for tokens other than USDC' } },
          { field: 'sweep_costs', from: { caller: 'what one transfer off each network costs in USD' } },
        ],
      },
    ],
  },
  {
    id: 'launch_a_paid_tool_ladder',
    title: 'Launch a ladder of paid tools, from cheap triage to the full answer',
    whenToUse: 'A seller prices several paid tools that escalate into each other (or a buyer plans which of them to call): check the ladder leaves no dead ends or price cliffs and which path a buyer with a budget takes, then price each step exactly per network make sure no shared cache hands paid answers to unpaid callers, and give the agents that will buy a seeded test pack.',
    reasonCode: 'payment_trust',
    steps: [
      {
        tool: 'x402_paid_tool_upsell_path_optimizer',
        purpose: 'The cheapest expected path to the goal within the budget (triage first or buy directly), and the ladder\'s dead ends and price cliffs. Fix the ladder first when its decision is no_coverage or over_budget.',
        inputs: [
          { field: 'goal_tags', from: { caller: 'what a typical buyer wants answered' } },
          { field: 'budget', from: { caller: 'the most a buyer spends on that goal' } },
          { field: 'tools', from: { caller: 'the ladder: each tool\'s price, what it covers, where it escalates and how often its answer settles the goal' } },
        ],
      },
      {
        tool: 'x402_default_asset_tokenamount_advisor',
        purpose: 'For each step of the plan: its price as the exact x402 TokenAmount per network the routes accept, with any rounding explicit.',
        forEach: { tool: 'x402_paid_tool_upsell_path_optimizer', path: 'plan' },
        inputs: [
          { field: 'price', from: fromResult('x402_paid_tool_upsell_path_optimizer', 'plan[].price') },
          { field: 'networks', from: { caller: 'the networks the routes accept' } },
        ],
      },
      {
        tool: 'x402_cache_leakage_guard',
        purpose: 'Once the priced routes run behind the CDN: whether a shared cache can store their paid answers or receipts, or already served one to an unpaid caller. Purge and fix the headers before opening the ladder when its decision is leaking or at_risk.',
        inputs: [{ field: 'exchanges', from: { caller: 'paid and unpaid exchanges captured at the CDN on each route of the plan, with their cache headers' } }],
      },
      {
        tool: 'x402_agent_commerce_sandbox_seed_pack',
        purpose: 'For each step of the plan: seeded, unsigned x402 fixtures at its price (challenges, payloads, settle and error answers, MCP results) with the answer a buying agent should reach, to test the agents that will call the ladder before it opens.',
        forEach: { tool: 'x402_paid_tool_upsell_path_optimizer', path: 'plan' },
        inputs: [
          { field: 'price', from: fromResult('x402_paid_tool_upsell_path_optimizer', 'plan[].price') },
          { field: 'seed', from: { caller: 'any integer; keep it to replay the same pack' } },
          { field: 'scenarios', from: { caller: 'the failure scenarios the buying agent must handle' } },
          { field: 'network', from: { caller: 'the testnet the agents are tested on' } },
        ],
      },
    ],
  },
  {
    id: 'release_a_paid_mcp_server',
    title: 'Release a paid MCP server that asks before it charges',
    whenToUse: 'A team selling tools over MCP is about to publish a release: check the server.json and the version bump against the registry rules, then check on a recorded test session that users are asked the right way, that a decline stops the payment and that paid calls carry no personal data they do not need.',
    reasonCode: 'payment_trust',
    steps: [
      {
        tool: 'x402_mcp_registry_release_quality_gate',
        purpose: 'In CI, before mcp-publisher publish: whether the registry will take the server.json and whether the version bump covers the breaking tool changes since the last release. Do not publish when its decision is blocked; fix the checks it lists.',
        inputs: [
          { field: 'server_json', from: { caller: 'the server.json of the release' } },
          { field: 'tools', from: { caller: 'the tools/list of the release build' } },
          { field: 'previous', from: { caller: 'the server.json and tools/list of the last published release' } },
        ],
      },
      {
        tool: 'x402_mcp_elicitation_consent_transcript_auditor',
        purpose: 'On a recorded test session of the release (a client that declines and cancels): whether its elicitations follow MCP 2025-11-25 and no paid call went ahead after a refusal. Do not publish when its decision is consent_violated.',
        inputs: [
          { field: 'client_capabilities', from: { caller: 'the capabilities the test client sent in initialize' } },
          { field: 'messages', from: { caller: 'the JSON-RPC messages of the test session, with seq and direction' } },
          { field: 'paid_tool_names', from: { caller: 'the names of the paid tools among the tools sent to the gate (those whose _meta declares a price)' } },
        ],
      },
      {
        tool: 'x402_commerce_pii_minimization_check',
        purpose: 'On the arguments of a paid tools/call from the same session (or the checkout payload the server stores): which personal data goes beyond what the purchase needs. Do not publish when its decision is sensitive_exposed; minimize what it recommends.',
        inputs: [
          { field: 'payload', from: { caller: 'the params.arguments of a paid tools/call in the messages sent to the auditor, or the record the server stores for it' } },
          { field: 'purpose', from: { caller: 'what the paid tools sell (digital_goods_x402 for pay-per-call data)' } },
        ],
      },
    ],
  },
  {
    id: 'release_a_paid_mcp_server_change',
    title: 'Release a change to a paid MCP server',
    whenToUse: 'A seller is about to ship new definitions of its paid MCP tools (also served as x402 REST routes): know who breaks, keep the definitions clear to the models choosing them, and keep the paid boundary sealed on both surfaces after the release.',
    reasonCode: 'payment_trust',
    steps: [
      {
        tool: 'x402_mcp_tool_change_blast_radius_analyzer',
        purpose: 'Which known consumers the new definitions break, what share of call volume that is, and each consumer\'s migration hint. Hold the release (or keep aliases) when its decision is breaking_for_all or wide.',
        inputs: [
          { field: 'before', from: { caller: 'the tools/list result in production now (its tools)' } },
          { field: 'after', from: { caller: 'the staged tools/list result (its tools)' } },
          { field: 'consumers', from: { caller: 'the known consumers: the arguments and values they send, the output paths they read, their price pins and call volume' } },
        ],
      },
      {
        tool: 'x402_mcp_schema_curb_appeal_grader',
        purpose: 'How clear the new definitions are to a model choosing tools: a graded rubric per tool with the points lost, and descriptions that look interchangeable. Rework the definitions when its decision is needs_work.',
        inputs: [{ field: 'tools', from: fromRequest('x402_mcp_tool_change_blast_radius_analyzer', 'after') }],
      },
      {
        tool: 'x402_mcp_paid_route_boundary_mapper',
        purpose: 'On the staged release: whether every paid tool is charged on MCP and on its REST route at one price, and whether unpaid calls return parseable payment requirements. Do not release when its decision is leaky.',
        inputs: [
          { field: 'mcp_tools', from: fromRequest('x402_mcp_schema_curb_appeal_grader', 'tools') },
          { field: 'rest_routes', from: { caller: 'the staged REST routes with their paid flag and price' } },
          { field: 'unpaid_call_samples', from: { caller: 'results of calling each paid tool on the staging server without payment' } },
        ],
      },
    ],
  },
];

/** What running every step once costs: the sum of the catalog prices (per item for a forEach step). */
export function workflowTotalPrice(workflow: Pick<Workflow, 'steps'>): { amount: string; currency: typeof PAYMENT.currency; network: typeof PAYMENT.networkName } {
  let atomic = 0n;
  for (const step of workflow.steps) {
    const entry = toolById(step.tool);
    if (!entry) throw new Error(`workflow: no catalog tool ${step.tool}`);
    atomic += BigInt(priceOf(entry).atomic);
  }
  return { amount: atomicToDecimal(atomic, PAYMENT.decimals, 2), currency: PAYMENT.currency, network: PAYMENT.networkName };
}

/** The first workflow that starts from a recommendation reason. */
export function workflowForReason(reasonCode: ReasonCode): Workflow {
  const workflow = WORKFLOWS.find((w) => w.reasonCode === reasonCode);
  if (!workflow) throw new Error(`workflow: none for ${reasonCode}`);
  return workflow;
}

const price = z.object({ amount: z.string(), currency: z.literal(PAYMENT.currency), network: z.literal(PAYMENT.networkName) });
const source = z.union([
  z.object({ tool: z.string(), part: z.enum(['request', 'result']), path: z.string() }),
  z.object({ caller: z.string() }),
]);

/** One workflow as the manifest publishes it: the data above, with each step's price and path and the total. */
export const publishedWorkflow = z.looseObject({
  id: z.string(),
  title: z.string(),
  whenToUse: z.string(),
  reasonCode: z.enum(REASON_CODES),
  toolIds: z.array(z.string()).min(1),
  steps: z
    .array(
      z.looseObject({
        step: z.number().int().positive(),
        tool: z.string(),
        title: z.string(),
        method: z.literal('POST'),
        path: z.string(),
        endpoint: z.url(),
        price,
        purpose: z.string(),
        inputs: z.array(z.object({ field: z.string(), from: source })),
        forEach: z.object({ tool: z.string(), path: z.string() }).optional(),
      }),
    )
    .min(1),
  totalPrice: price,
  totalPriceNote: z.string(),
});
export type PublishedWorkflow = z.infer<typeof publishedWorkflow>;

/** GET /api/agents/workflows/manifest. */
export const workflowManifest = z.looseObject({
  name: z.string(),
  page: z.url(),
  workflowCount: z.number().int().nonnegative(),
  catalogServiceCount: z.literal(CATALOG.length),
  workflows: z.array(publishedWorkflow),
  guidance: z.string(),
});
export type WorkflowManifest = z.infer<typeof workflowManifest>;
