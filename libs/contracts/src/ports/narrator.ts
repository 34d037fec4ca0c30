/**
 * Optional AI narration of a deterministic result (an OpenAI-compatible chat-completions provider in
 * production). The narration adds validated sections; it never replaces deterministic content.
 */
export interface NarrationRequest {
  toolId: string;
  /** What the sections should cover, in plain words. */
  instructions: string;
  /** The deterministic findings to narrate (JSON-serializable). */
  facts: unknown;
  /** Most sections wanted. */
  maxSections: number;
}

export interface NarrationSection {
  title: string;
  text: string;
}

export type NarrationOutcome =
  | { status: 'succeeded'; sections: NarrationSection[] }
  | { status: 'not_configured' }
  | { status: 'failed'; reason: 'provider_error' | 'timeout' | 'invalid_response' };

export interface Narrator {
  /** Never throws: every failure is an outcome. */
  narrate(request: NarrationRequest): Promise<NarrationOutcome>;
}
