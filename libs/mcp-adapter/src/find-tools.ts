import { CATALOG, TOOL_FAMILIES, jsonSchemaOf, requestJsonSchema, type CatalogEntry, type ToolAnnotations } from '@paysight/contracts';
import { z } from 'zod';
import type { JsonSchema } from './tool-definitions.js';

/** The one free MCP tool: it searches the whole catalog, whatever toolsets the session loaded. */
export const FIND_TOOLS_NAME = 'paysight_find_tools';

export const findToolsInput = z
  .object({
    task: z.string().trim().min(3).max(500).meta({ description: 'What you want to find out, in plain words ("is this payee safe to pay", "why did my transaction fail").' }),
    toolset: z.enum(TOOL_FAMILIES).optional().meta({ description: 'Only search one toolset (catalog family).' }),
    limit: z.number().int().min(1).max(10).default(5),
  })
  .strict();

const match = z.object({
  name: z.string().meta({ description: 'MCP tool name to call.' }),
  title: z.string(),
  toolset: z.enum(TOOL_FAMILIES),
  price: z.string().meta({ description: 'USDC per call.' }),
  endpoint: z.string().meta({ description: 'Absolute URL of the same tool over REST (POST, paid over x402).' }),
  listed: z.boolean().meta({ description: 'Whether this session lists the tool; a tool outside the loaded toolsets can still be called by name.' }),
  matchedTerms: z.array(z.string()),
  inputSchema: z.record(z.string(), z.unknown()),
});

export const findToolsOutput = z.object({
  task: z.string(),
  matches: z.array(match),
  note: z.string(),
});
export type FindToolsOutput = z.infer<typeof findToolsOutput>;

const STOPWORDS = new Set('the and for with this that from what which who how are was were can could should would into about does did not any all its our your their has have had get got use using want need check tell show'.split(' '));

/** Lower-case words of three or more letters, crudely stemmed so that "payments" meets "payment". */
export function terms(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3 && !STOPWORDS.has(w)).map(stem))];
}

function stem(word: string): string {
  for (const suffix of ['ing', 'ies', 'es', 'ed', 's']) {
    if (word.length > suffix.length + 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Words an agent uses for a family that its tools' own texts may not contain. */
const FAMILY_WORDS: Record<CatalogEntry['family'], string> = {
  wallet: 'wallet address account balance risk audit sanction holding portfolio token',
  tx: 'transaction hash receipt revert fail failed stuck pending decode',
  trust: 'seller payee payer merchant agent trust payment pay preflight receipt mandate scam',
  expansion: 'discovery compatibility history summary',
  ext: 'spend loop budget intent revocation dependency',
  x402: 'x402 facilitator challenge offer schema mcp',
};

interface Scored {
  entry: CatalogEntry;
  score: number;
  matched: string[];
}

/** Title and id words weigh 3, description words 2, family vocabulary 1; ties keep catalog order. */
function score(entry: CatalogEntry, wanted: readonly string[]): Scored {
  const strong = new Set(terms(`${entry.title} ${entry.id.replace(/_/g, ' ')} ${entry.mcpName.replace(/_/g, ' ')}`));
  const described = new Set(terms(entry.description));
  const family = new Set(terms(FAMILY_WORDS[entry.family]));
  let total = 0;
  const matched: string[] = [];
  for (const term of wanted) {
    const weight = strong.has(term) ? 3 : described.has(term) ? 2 : family.has(term) ? 1 : 0;
    if (weight) {
      total += weight;
      matched.push(term);
    }
  }
  return { entry, score: total, matched };
}

export interface FindToolsContext {
  /** Names of the tools this session lists. */
  listed: ReadonlySet<string>;
  /** Absolute REST URL of an entry. */
  restUrl(entry: CatalogEntry): string;
  catalog?: readonly CatalogEntry[];
}

export function findTools(request: z.output<typeof findToolsInput>, context: FindToolsContext): FindToolsOutput {
  const wanted = terms(request.task);
  const candidates = (context.catalog ?? CATALOG).filter((entry) => !request.toolset || entry.family === request.toolset);
  const ranked = candidates
    .map((entry) => score(entry, wanted))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, request.limit);
  const matches = ranked.map(({ entry, matched }) => ({
    name: entry.mcpName,
    title: entry.title,
    toolset: entry.family,
    price: entry.price,
    endpoint: context.restUrl(entry),
    listed: context.listed.has(entry.mcpName),
    matchedTerms: matched,
    inputSchema: requestJsonSchema(entry),
  }));
  const note = matches.length
    ? 'Call a match by its name with the input schema shown; it answers with payment requirements first, then serves the result once paid. Tools not listed in this session can still be called by name.'
    : `No tool matched. Describe the task differently, or search one toolset (${TOOL_FAMILIES.join(', ')}).`;
  return { task: request.task, matches, note };
}

export const FIND_TOOLS_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function findToolsDefinition(): { name: string; title: string; description: string; inputSchema: JsonSchema; outputSchema: JsonSchema; annotations: ToolAnnotations } {
  return {
    name: FIND_TOOLS_NAME,
    title: 'Find Paysight tools',
    description:
      'Free, no payment. Searches the whole Paysight catalog for the paid tools that fit a task and names them with price, input schema and REST endpoint, ' +
      'including tools outside the toolsets this session loaded (they can still be called by name).',
    inputSchema: jsonSchemaOf(findToolsInput, 'input'),
    outputSchema: jsonSchemaOf(findToolsOutput, 'output'),
    annotations: FIND_TOOLS_ANNOTATIONS,
  };
}
