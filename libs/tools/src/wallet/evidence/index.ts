export { gatherWalletEvidence } from './gather.js';
export { APPROVAL_TOPIC } from './events.js';
export { APPROVAL_SEARCH, approvalSearchRange } from './approvals.js';
export { ActivityView } from './activity-view.js';
export { collectMovements, rankCounterparties, type Movement, type MovementKind } from './movements.js';
export { EVIDENCE_LIMITS, type ApprovalEvent, type ApprovalState, type ContractFacts, type FunderEvidence, type SanctionsOracleReading, type TokenMetadata, type WalletEvidence } from './data.js';
