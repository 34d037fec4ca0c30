import { CATALOG, DISCOVERY_PATHS, PAYMENT, WORKFLOWS, toolById, workflowTotalPrice, type Workflow, type WorkflowManifest } from '@paysight/contracts';

const GUIDANCE =
  'Free guidance for sequencing paid calls. Start each workflow with its first tool and continue only when the answer calls for it: ' +
  'each step says what it adds, and inputs say which request or result field of an earlier call (a path in that tool\'s schema, [] for array items) fills which field of the next request; ' +
  'the rest of each request follows the tool\'s input schema. totalPrice is every step once (a forEach step costs its price per item). ' +
  'Every paid call answers 402 with its exact x402 offer first; nothing here triggers a payment. ' +
  `POST ${DISCOVERY_PATHS.recommend} suggests where to start. Send only public addresses, hashes and sanitized context, never secrets.`;

function publishWorkflow(workflow: Workflow, base: string) {
  return {
    id: workflow.id,
    title: workflow.title,
    whenToUse: workflow.whenToUse,
    reasonCode: workflow.reasonCode,
    toolIds: workflow.steps.map((s) => s.tool),
    steps: workflow.steps.map((step, index) => {
      const entry = toolById(step.tool)!;
      return {
        step: index + 1,
        tool: entry.id,
        title: entry.title,
        method: entry.method,
        path: entry.path,
        endpoint: `${base}${entry.path}`,
        price: { amount: entry.price, currency: PAYMENT.currency, network: PAYMENT.networkName },
        purpose: step.purpose,
        inputs: step.inputs.map((input) => ({ field: input.field, from: input.from })),
        ...(step.forEach ? { forEach: step.forEach } : {}),
      };
    }),
    totalPrice: workflowTotalPrice(workflow),
    totalPriceNote: workflow.steps.some((s) => s.forEach) ? 'Every step once; a forEach step costs its price for each item.' : 'Every step once.',
  };
}

/** GET /api/agents/workflows/manifest: the designed workflows, priced from the catalog. */
export function buildWorkflowManifest(publicBaseUrl: string): WorkflowManifest {
  return {
    name: 'Paysight workflows',
    page: `${publicBaseUrl}${DISCOVERY_PATHS.agentsPage}`,
    workflowCount: WORKFLOWS.length,
    catalogServiceCount: CATALOG.length,
    workflows: WORKFLOWS.map((w) => publishWorkflow(w, publicBaseUrl)),
    guidance: GUIDANCE,
  };
}
