import { DISCOVERY_PATHS, recommendationResponse, type RecommendationResponse } from '@paysight/contracts';
import { readDevnetFile } from '@paysight/stack';
import { serviceBaseUrl } from '../service-url.js';
import { EXIT, type Io } from './call.js';

export interface RecommendOptions {
  /** A JSON object (the request body), or plain words taken as the goal; absent: an empty request. */
  input?: string;
  json: boolean;
  baseUrl?: string;
  dataDir: string;
  env: Record<string, string | undefined>;
}

/** The request body: a JSON object as given, anything else as the goal. */
function requestBody(input: string | undefined): Record<string, unknown> | string {
  if (input === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(input);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // plain words: the goal
  }
  return input.trim().startsWith('{') ? input : { goal: input };
}

function summary(answer: RecommendationResponse): string {
  const call = answer.firstPaidCall;
  return [
    `${answer.reasonCode}: ${call.id} (${call.title}), ${call.price.amount} ${call.price.currency} on ${call.price.network}`,
    `  ${call.method} ${call.endpoint}`,
    `Why: ${answer.reason}`,
    `Next: ${answer.nextStep}`,
    ...(answer.budgetNote ? [`Budget: ${answer.budgetNote}`] : []),
    `Example request: ${JSON.stringify(answer.exampleRequest)}`,
    `Workflow: ${answer.workflow.id}: ${answer.workflow.toolIds.join(' -> ')}`,
    ...(answer.alternatives.length ? [`Alternatives: ${answer.alternatives.map((a) => `${a.id} (${a.price.amount} ${a.price.currency})`).join(', ')}`] : []),
    'Nothing was paid: recommendations are free.',
  ].join('\n');
}

/**
 * `paysight recommend ['<json>' | "<goal>"]`: asks a running service which paid call to make first
 * (POST /api/agents/recommend, free) and prints it, or the whole answer with --json.
 */
export async function recommendCommand(options: RecommendOptions, io: Io): Promise<number> {
  const body = requestBody(options.input);
  if (typeof body === 'string') {
    io.err(`The request starts like JSON but is not a JSON object. Give an object such as '{"goal":"check one wallet","walletCount":1}', or plain words for the goal.`);
    return EXIT.usage;
  }
  const baseUrl = serviceBaseUrl(options.baseUrl, options.env, await readDevnetFile(options.dataDir));
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${DISCOVERY_PATHS.recommend}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    io.err(`Could not reach ${baseUrl}. Is the service running (npm start)?`);
    return EXIT.refusedByService;
  }
  const text = await res.text();
  const json = parseJson(text);
  const answer = res.ok ? recommendationResponse.safeParse(json) : null;
  if (!answer?.success) {
    io.err(`HTTP ${res.status}\n${json === undefined ? text : JSON.stringify(json, null, 2)}`);
    return EXIT.refusedByService;
  }
  io.out(options.json ? JSON.stringify(json, null, 2) : summary(answer.data));
  return EXIT.ok;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
