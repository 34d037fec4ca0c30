// @paysight/testkit: the shared test stack and helpers to pay on it. Loads no app, so library tests
// can use it; an API under test is started with @paysight/testkit/api.
export { readTestStack, type SharedTestStack } from './stack.js';
export { devnetChainSource, openTestStore } from './services.js';
export { fundedBuyer, officialPaymentClient, payingFetch, usdcBalance } from './buyer.js';
export { toolPorts } from './tool-ports.js';
export { newLedgerClaim, randomAddress } from './ledger-claim.js';
export { prng } from './prng.js';
export { syntheticPaymentsSource, type SyntheticPayment, type SyntheticPaymentsSource } from './synthetic-payments.js';
export { startMisbehavingFacilitator, type Misbehaviour, type MisbehavingFacilitator } from './misbehaving-facilitator.js';
export {
  conformanceCliPath,
  describeFailures,
  listServerScenarios,
  readExpectedFailures,
  runConformance,
  runNodeScript,
  toolNameProblem,
  type ConformanceCheck,
  type ConformanceRun,
  type ConformanceScenarioResult,
  type ExpectedFailure,
} from './mcp-conformance.js';
export { inspectorArgs, inspectorCliPath, runInspector, type InspectorCall, type InspectorResult } from './mcp-inspector.js';
