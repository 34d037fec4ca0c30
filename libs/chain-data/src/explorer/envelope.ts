/**
 * What one answer of an Etherscan-style API means. Every answer is an envelope
 * `{ status, message, result }`: status "1" with the rows, or status "0" with the reason in `result`
 * (NOTOK answers: "Invalid API Key", "Max calls per sec rate limit reached (5/sec)", "Free API
 * access is not supported for this chain...") or in `message` ("Result window is too large...").
 * "No transactions found" (status "0", result []) is an empty list, not a failure.
 */
export type ExplorerAnswer =
  | { kind: 'rows'; rows: unknown[] }
  | { kind: 'rate-limited'; detail: string }
  | { kind: 'window-exceeded'; detail: string }
  | { kind: 'refused'; detail: string };

const NOTHING_FOUND = /^no (?:\w+ )*found/i;
const RATE_LIMITED = /rate limit|too many requests/i;
const WINDOW_EXCEEDED = /result window is too large/i;
const MAX_DETAIL = 200;

export function readEnvelope(body: unknown): ExplorerAnswer {
  if (typeof body !== 'object' || body === null || !('status' in body)) return { kind: 'refused', detail: 'the answer is not an explorer API answer' };
  const { status, message, result } = body as { status: unknown; message?: unknown; result?: unknown };
  if (status === '1' && Array.isArray(result)) return { kind: 'rows', rows: result };
  const text = [message, result].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  if (Array.isArray(result) && result.length === 0 && typeof message === 'string' && NOTHING_FOUND.test(message)) return { kind: 'rows', rows: [] };
  const detail = oneLine(typeof result === 'string' && result.trim() !== '' ? result : (text[0] ?? `status ${String(status)} without a reason`));
  if (text.some((part) => WINDOW_EXCEEDED.test(part))) return { kind: 'window-exceeded', detail: oneLine(text.find((part) => WINDOW_EXCEEDED.test(part)) as string) };
  if (text.some((part) => RATE_LIMITED.test(part))) return { kind: 'rate-limited', detail };
  return { kind: 'refused', detail };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL)}...` : line;
}
