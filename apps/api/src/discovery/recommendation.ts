import {
  DISCOVERY_PATHS,
  PAYMENT,
  requestJsonSchema,
  responseJsonSchema,
  toolById,
  workflowForReason,
  type CatalogEntry,
  type RecommendationResponse,
  type RecommendRequest,
  type ToolId,
} from '@paysight/contracts';
import { resultPreview } from './result-preview.js';
import { selectRecommendation } from './recommend-rules.js';

const SAFETY = {
  paymentRequiredBeforeServiceResult: true,
  doesNotCallBlockchainProviders: true,
  doesNotTriggerPayment: true,
  doesNotExecutePaidService: true,
} as const;

function entryOf(id: ToolId): CatalogEntry {
  const entry = toolById(id);
  if (!entry) throw new Error(`recommend: no catalog tool ${id}`);
  return entry;
}

const priceFor = (entry: CatalogEntry) => ({ amount: entry.price, currency: PAYMENT.currency, network: PAYMENT.networkName });

/** What the caller does with the recommendation: the paid call itself, then where the workflow goes next. */
function nextStepText(entry: CatalogEntry, endpoint: string, workflow: ReturnType<typeof workflowForReason>): string {
  const call = `POST ${endpoint} with a JSON body that matches inputSchema (exampleRequest is one). The first answer is 402 Payment Required with the exact offer (${entry.price} ${PAYMENT.currency} on ${PAYMENT.networkName}); pay it with an x402 client and send the same request again with the signed payment.`;
  const index = workflow.steps.findIndex((s) => s.tool === entry.id);
  const next = index >= 0 ? workflow.steps[index + 1] : undefined;
  if (next) return `${call} If the answer calls for more, the workflow ${workflow.id} continues with ${next.tool}.`;
  return `${call} The workflow ${workflow.id} in the workflow manifest shows related paid calls.`;
}

/** The whole 200 answer of POST /api/agents/recommend. Reads the catalog only: no chain, facilitator, payment or tool. */
export function buildRecommendation(request: RecommendRequest, publicBaseUrl: string): RecommendationResponse {
  const selection = selectRecommendation(request);
  const entry = entryOf(selection.tool);
  const endpoint = `${publicBaseUrl}${entry.path}`;
  const workflow = workflowForReason(selection.reasonCode);
  return {
    ok: true,
    sample: false,
    noPaymentRequired: true,
    recommendationApi: DISCOVERY_PATHS.recommend,
    reasonCode: selection.reasonCode,
    reason: selection.reason,
    matchedGoal: selection.matchedGoal,
    matchedSignals: selection.matchedSignals,
    nextStep: nextStepText(entry, endpoint, workflow),
    firstPaidCall: { id: entry.id, title: entry.title, method: entry.method, path: entry.path, endpoint, price: priceFor(entry) },
    inputSchema: requestJsonSchema(entry),
    outputSchema: responseJsonSchema(entry),
    exampleRequest: entry.example as Record<string, unknown>,
    sampleResponsePreview: {
      sample: true,
      schemaBacked: true,
      label: 'Sample: not real data',
      note: `Generated from the result schema of ${entry.id} with example values. It describes no real wallet, transaction or seller; the paid call returns the real result.`,
      tool: entry.id,
      result: resultPreview(entry),
    },
    alternatives: selection.alternatives.map(entryOf).map((alt) => ({ id: alt.id, title: alt.title, path: alt.path, endpoint: `${publicBaseUrl}${alt.path}`, price: priceFor(alt) })),
    workflow: { id: workflow.id, title: workflow.title, toolIds: workflow.steps.map((s) => s.tool), manifest: `${publicBaseUrl}${DISCOVERY_PATHS.workflows}` },
    ...(selection.budgetNote ? { budgetNote: selection.budgetNote } : {}),
    safety: SAFETY,
  };
}
