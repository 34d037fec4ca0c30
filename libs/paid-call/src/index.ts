export { createPaidCallService, type PaidCallRequest, type PaidCallService, type PaidCallServiceOptions } from './paid-call.js';
export type { PaidCallResponse } from './response.js';
export { shapeResponse, type ServedCall } from './shape-response.js';
export { validateRequest, fieldIssues, type ValidatedRequest } from './validate.js';
export { findSensitiveInput, describeFinding, describeX402Finding, type SecretKind, type SecretRules, type SensitiveFinding } from './sensitive-input.js';
export { createObservationRecorder, failureOf, observationOf, DEFAULT_MAX_PENDING_OBSERVATIONS, DEFAULT_OBSERVATION_RETENTION_DAYS, type ObservationRecorder, type ObservationRecorderOptions, type ToolRun } from './observations.js';
