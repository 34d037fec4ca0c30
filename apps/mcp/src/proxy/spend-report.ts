import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { PAYMENT } from '@paysight/contracts';
import { z } from 'zod';

const decimal = z.string().meta({ description: 'Decimal USDC (1 USDC is counted as 1 USD).' });

const paymentRecord = z.object({
  tool: z.string(),
  amount: decimal,
  transaction: z.string().meta({ description: 'The settlement transaction on Base.' }),
  network: z.string(),
  payer: z.string(),
  at: z.string().meta({ description: 'When the proxy received the settled result (ISO 8601).' }),
});

const unconfirmedRecord = z.object({
  tool: z.string(),
  amount: decimal,
  reason: z.string(),
  at: z.string(),
});

/** What the proxy has spent this session: the free local tool's result. */
export const spendReport = z.object({
  currency: z.literal(PAYMENT.currency),
  perCallCap: decimal,
  sessionCap: decimal,
  spent: decimal.meta({ description: 'Settled payments.' }),
  inFlight: decimal.meta({ description: 'Held for calls being paid right now.' }),
  unconfirmed: decimal.meta({ description: 'Sent payments whose outcome is unknown; counted against the session cap.' }),
  remaining: decimal.meta({ description: 'What the session cap still allows.' }),
  payments: z.array(paymentRecord),
  unconfirmedPayments: z.array(unconfirmedRecord),
});
export type SpendReport = z.infer<typeof spendReport>;
export type PaymentRecord = z.infer<typeof paymentRecord>;
export type UnconfirmedRecord = z.infer<typeof unconfirmedRecord>;

export const SPEND_TOOL_NAME = 'proxy_spend_report';

const { $schema: _dialect, ...outputSchema } = z.toJSONSchema(spendReport);

export const SPEND_TOOL: Tool = {
  name: SPEND_TOOL_NAME,
  title: 'What the Paysight proxy has spent',
  description:
    'Free, local: what this proxy has paid in this session (each settled call with its tool, amount, settlement transaction and payer), ' +
    'the total, and what the per-call and per-session caps still allow.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: outputSchema as Tool['outputSchema'],
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

/** The session's spending in one line, as the spend tool and the note on each paid result say it. */
export function sessionLine(report: SpendReport): string {
  return `This session: ${report.spent} USDC spent of the ${report.sessionCap} USD session cap, ${report.remaining} remaining (per-call cap ${report.perCallCap} USD).`;
}

export function spendReportResult(report: SpendReport): CallToolResult {
  const lines = [
    sessionLine(report),
    ...report.payments.map((p) => `- ${p.tool}: ${p.amount} USDC, settlement ${p.transaction} on ${p.network}, payer ${p.payer}, ${p.at}`),
    ...report.unconfirmedPayments.map((u) => `- ${u.tool}: ${u.amount} USDC sent, outcome unknown (${u.reason}), ${u.at}; counted against the cap`),
  ];
  return { content: [{ type: 'text', text: lines.join('\n') }], structuredContent: report };
}
