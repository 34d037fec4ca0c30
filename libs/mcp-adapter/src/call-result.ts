import { PAYMENT, priceObjectFor, type CatalogEntry } from '@paysight/contracts';
import type { PaidCallResponse } from '@paysight/paid-call';
import { MAX_STRUCTURED_RESULT_CHARS, fitResponse, omissionNote } from './fit-result.js';
import { PAYMENT_ARGUMENTS, PAYMENT_META_KEY, PAYMENT_RESPONSE_META_KEY } from './payment-arguments.js';

/** Where a result that had to be cut lists what was left out. */
export const OMISSIONS_META_KEY = 'paysight/omitted';
/** Set (true) on a result that serves again the answer a payment already paid for: nothing ran or was charged now. */
export const REPLAY_META_KEY = 'paysight/replay';

export interface TextContent {
  type: 'text';
  text: string;
}

/** A tools/call result as MCP carries it. */
export interface ToolCallResult {
  [key: string]: unknown;
  content: TextContent[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

export interface ResultContext {
  /** Where a person or agent reads how to pay. */
  docsUrl: string;
  /** Absolute REST URL of the tool, named when a cut result points to the whole body. */
  restUrl: string;
}

const text = (value: string): TextContent => ({ type: 'text', text: value });

/** The first plain sentence summary the tool's result offers, if any (trust envelope, audit, decode, reports). */
function summaryOf(body: Record<string, unknown>): string | null {
  const candidates = [body.summary, (body.result as Record<string, unknown> | undefined)?.summary];
  return (candidates.find((c) => typeof c === 'string' && c.length > 0) as string | undefined) ?? null;
}

/**
 * The MCP result of one paid call: `structuredContent` is always the ok / payment_required / error
 * wrapper (it validates against the tool's outputSchema), `content` starts with a short text for
 * people. A payment_required result also follows the x402 MCP transport convention: `isError` is set
 * and `content[0].text` is the JSON of the x402 PaymentRequired, so x402 MCP clients pay from it.
 */
export function toolCallResult(entry: CatalogEntry, response: PaidCallResponse, context: ResultContext): ToolCallResult {
  switch (response.kind) {
    case 'ok': {
      const empty = { status: 'ok', httpStatus: response.httpStatus, endpoint: entry.path, response: null };
      const fitted = fitResponse(response.body, MAX_STRUCTURED_RESULT_CHARS - (JSON.stringify(empty).length - 'null'.length));
      const structured = { ...empty, response: fitted.body };
      const summary = summaryOf(response.body);
      const note = omissionNote(fitted.omissions, { body: response.body, restEndpoint: context.restUrl });
      const paid = response.replay
        ? `already paid ${entry.price} ${PAYMENT.currency} (settlement ${response.receipt.transaction}); this is the result kept for that payment, not charged again`
        : `paid ${entry.price} ${PAYMENT.currency} (settlement ${response.receipt.transaction})`;
      return {
        content: [
          text(`${entry.title}: ${paid}.${summary ? ` ${summary}` : ''}${note ? ` ${note}` : ''}`),
          text(JSON.stringify(structured)),
        ],
        structuredContent: structured,
        _meta: {
          [PAYMENT_RESPONSE_META_KEY]: response.receipt,
          ...(response.replay ? { [REPLAY_META_KEY]: true } : {}),
          ...(fitted.omissions.length ? { [OMISSIONS_META_KEY]: fitted.omissions } : {}),
        },
      };
    }
    case 'payment_required': {
      const { body, header } = response.challenge;
      const [offer] = body.paymentRequired.accepts;
      const structured = {
        status: 'payment_required',
        httpStatus: response.httpStatus,
        endpoint: entry.path,
        method: entry.method,
        price: priceObjectFor(entry.price),
        x402: {
          x402Version: body.paymentRequired.x402Version,
          scheme: offer.scheme,
          network: offer.network,
          asset: offer.asset,
          amount: offer.amount,
          payTo: offer.payTo,
          maxTimeoutSeconds: offer.maxTimeoutSeconds,
          resource: body.paymentRequired.resource.url,
          reason: { code: body.error.code, message: body.error.message },
          payWith: [...PAYMENT_ARGUMENTS.map((name) => `arguments.${name}`), `_meta["${PAYMENT_META_KEY}"]`],
        },
        paymentRequired: body.paymentRequired,
        paymentRequiredHeader: header,
        docsUrl: context.docsUrl,
      };
      return {
        content: [text(JSON.stringify(body.paymentRequired)), text(`${body.error.message} Price: ${entry.price} ${PAYMENT.currency}. How to pay: ${context.docsUrl}`)],
        structuredContent: structured,
        isError: true,
      };
    }
    case 'error': {
      const structured = { status: 'error', httpStatus: response.httpStatus, endpoint: entry.path, error: response.body.error };
      return { content: [text(`${entry.title} failed (${response.httpStatus} ${response.body.error.code}): ${response.body.error.message}`)], structuredContent: structured, isError: true };
    }
  }
}
