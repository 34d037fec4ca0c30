import { z } from 'zod';
import { x402Decimal } from '../../x402/request-rules.js';

/** Bounds of x402-paid-tool-confirmation-prompt-auditor's request (design sheet §39; the tool's name and network lengths are ours). */
export const CONFIRMATION_PROMPT_LIMITS = { title: 120, bodyText: 4000, buttons: 5, buttonLabel: 40, toolName: 128, network: 64 } as const;
export const PROMPT_BUTTON_ACTIONS = ['confirm', 'cancel', 'other'] as const;
export const PROMPT_CURRENCIES = ['USD', 'USDC'] as const;

export const paidToolConfirmationPromptAuditorRequest = z.strictObject({
  prompt: z
    .strictObject({
      title: z.string().max(CONFIRMATION_PROMPT_LIMITS.title).optional(),
      body_text: z.string().min(1).max(CONFIRMATION_PROMPT_LIMITS.bodyText),
      buttons: z
        .array(
          z.strictObject({
            label: z.string().min(1).max(CONFIRMATION_PROMPT_LIMITS.buttonLabel),
            is_default: z.boolean().default(false),
            action: z.enum(PROMPT_BUTTON_ACTIONS),
          }),
        )
        .min(1)
        .max(CONFIRMATION_PROMPT_LIMITS.buttons),
      dont_ask_again: z
        .strictObject({ present: z.boolean(), prechecked: z.boolean().default(false) })
        .optional()
        .meta({ description: 'A "don\'t ask again" checkbox, and whether it starts checked.' }),
    })
    .meta({ description: 'The confirmation prompt template the client shows before a paid call.' }),
  tool: z
    .strictObject({
      name: z.string().trim().min(1).max(CONFIRMATION_PROMPT_LIMITS.toolName),
      price: x402Decimal,
      currency: z.enum(PROMPT_CURRENCIES),
      network: z.string().trim().min(1).max(CONFIRMATION_PROMPT_LIMITS.network).meta({ description: 'CAIP-2 id or x402 v1 alias.' }),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      recurring: z.boolean().default(false),
    })
    .meta({ description: 'The paid tool the prompt asks about, with its MCP annotations.' }),
  approval_free_below: x402Decimal.optional().meta({ description: 'The price up to which the client pays without asking (a default "pay" button and a prechecked "don\'t ask again" are fine up to it).' }),
});
