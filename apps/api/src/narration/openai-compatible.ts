import type { NarrationOutcome, NarrationRequest, Narrator } from '@paysight/contracts';
import { z } from 'zod';
import { SECTION_LIMITS, validateSections } from './validate.js';

export interface OpenAiCompatibleConfig {
  /** Base URL of an OpenAI-compatible API; /chat/completions is appended. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const SYSTEM_PROMPT = [
  'You write short sections for a blockchain research report read by software agents and their operators.',
  'Use only the facts given; never invent addresses, hashes, amounts or events. Do not give financial, legal or compliance advice.',
  `Answer with JSON only: {"sections":[{"title":"…","text":"…"}]}; titles at most ${SECTION_LIMITS.title} characters, texts at most ${SECTION_LIMITS.text}.`,
].join(' ');

/** Narration through any OpenAI-compatible chat-completions endpoint. Every failure is an outcome, never an exception. */
export function createOpenAiCompatibleNarrator(config: OpenAiCompatibleConfig, fetchImpl: typeof fetch = fetch): Narrator {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async narrate(request: NarrationRequest): Promise<NarrationOutcome> {
      const body = {
        model: config.model,
        temperature: 0.2,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: `${request.instructions}\nWrite at most ${request.maxSections} sections.\nFacts (JSON):\n${JSON.stringify(request.facts)}` },
        ],
      };
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        return { status: 'failed', reason: isTimeout(error) ? 'timeout' : 'provider_error' };
      }
      if (!response.ok) return { status: 'failed', reason: 'provider_error' };
      let completion: z.infer<typeof completionSchema>;
      try {
        completion = completionSchema.parse(await response.json());
      } catch (error) {
        return { status: 'failed', reason: isTimeout(error) ? 'timeout' : 'invalid_response' };
      }
      const content = completion.choices[0]!.message.content;
      const checked = content === null ? null : validateSections(content, request.facts, request.maxSections);
      return checked?.ok ? { status: 'succeeded', sections: checked.sections } : { status: 'failed', reason: 'invalid_response' };
    },
  };
}

/** fetch rejects with a DOMException (not always an Error of this realm) when the deadline passes. */
function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}
