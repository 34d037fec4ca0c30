import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { planRecovery } from './analyze.js';

export { planRecovery, type RecoveryInput, type RecoveryResult } from './analyze.js';

/** x402-agent-payment-recovery-playbook: a pure function of its request and the clock (docs/tools/x402/agent-payment-recovery-playbook.md). */
export const agentPaymentRecoveryPlaybook = defineRequestOnlyTool(catalogEntry('x402_agent_payment_recovery_playbook'), (input, context) => planRecovery(input, context));
