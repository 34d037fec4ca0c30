import { catalogEntry } from '@paysight/contracts';
import { defineRequestOnlyTool } from '../../ext/verdict.js';
import { analyzeConfirmationPrompt } from './analyze.js';

export { analyzeConfirmationPrompt, type ConfirmationPromptInput, type ConfirmationPromptResult } from './analyze.js';

/** x402-paid-tool-confirmation-prompt-auditor: a pure function of its request (docs/tools/x402/paid-tool-confirmation-prompt-auditor.md). */
export const paidToolConfirmationPromptAuditor = defineRequestOnlyTool(catalogEntry('x402_paid_tool_confirmation_prompt_auditor'), (input) => analyzeConfirmationPrompt(input));
