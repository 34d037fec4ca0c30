/**
 * Docs from the catalog: the tool lists and prices of README.md and docs/ are either generated from
 * the catalog (`CATALOG`, and `TOOL_MODULES` for what is served today) or checked against it.
 *
 * 1. Generated blocks. A block is a begin marker line, the generated markdown, and an end marker line:
 *
 *        <!-- catalog:begin served-tools -->
 *        …generated, never edited by hand…
 *        <!-- catalog:end -->
 *
 *    Blocks (markers inside fenced code are ignored):
 *    - `served-tools`: how many tools the catalog lists, and a table of the served ones;
 *    - `unserved-tools`: the catalog tools that are not served yet (they answer 501);
 *    - `price-list`: every catalog tool, grouped by family: title, price, endpoint, MCP name, served;
 *    - `mcp-toolsets`: one row per MCP toolset (catalog family): its tools, how many are served, and
 *      its longest MCP name (hosts limit name lengths);
 *    - `workflows`: the designed workflows (`WORKFLOWS`): id, when to use, the calls in order and the
 *      total price from the catalog (docs/agents.md);
 *    - `tool <id> [<id>…]`: the section heading of one or more tools (`## <id>`) and for each its
 *      title, price, endpoint, MCP name and the catalog's example request. The page holding a
 *      tool's `tool` block is the page the tables link to for that tool.
 *    `npm run docs:catalog` rewrites every block; `regenerate` is the same function the test runs.
 *
 * 2. Free text (everything outside the blocks) is checked by `checkFreeText`; the rules are written
 *    out on that function.
 *
 * 3. Every served tool has a `tool` block somewhere in the docs (its section).
 *
 * The test (tools/testkit/test/docs-catalog.test.ts) fails on a stale block, a free-text problem or a
 * served tool without a section.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOG, TOOL_FAMILIES, WORKFLOWS, decimalToAtomic, workflowTotalPrice, type CatalogEntry } from '@paysight/contracts';
import { TOOL_MODULES } from '@paysight/tools';

/** The catalog fields the docs use. */
export type DocTool = Pick<CatalogEntry, 'id' | 'slug' | 'path' | 'mcpName' | 'title' | 'description' | 'price' | 'family'> & Partial<Pick<CatalogEntry, 'example'>>;

export interface DocsCatalog {
  /** In catalog order. */
  tools: readonly DocTool[];
  /** Ids of the tools served today. */
  served: ReadonlySet<string>;
}

export interface DocProblem {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  /** 1-based; 0 when the problem is not about one line. */
  line: number;
  message: string;
}

/** The catalog, and as served the keys of `TOOL_MODULES` (only its keys: its values are not the docs' business). */
export function currentCatalog(): DocsCatalog {
  return { tools: CATALOG, served: new Set(Object.keys(TOOL_MODULES)) };
}

/** README.md and every .md file under docs/, relative to `root`, sorted. */
export function docFiles(root: string): string[] {
  const files = existsSync(path.join(root, 'README.md')) ? ['README.md'] : [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile() && entry.name.endsWith('.md')) files.push(rel);
    }
  };
  if (existsSync(path.join(root, 'docs'))) walk('docs');
  return files.sort();
}

// ---------------------------------------------------------------------------------------------
// Blocks

const MARKER = /^<!-- catalog:/;
const BEGIN = /^<!-- catalog:begin ([a-z][a-z-]*)((?: [a-z0-9_]+)*) -->$/;
const END = '<!-- catalog:end -->';
const FENCE = /^\s*(```|~~~)/;

export const BLOCK_NAMES = ['served-tools', 'unserved-tools', 'price-list', 'mcp-toolsets', 'workflows', 'tool'] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];

export interface Block {
  name: BlockName;
  args: string[];
  /** 0-based line index of the begin marker. */
  begin: number;
  /** 0-based line index of the end marker. */
  end: number;
}

export class DocsCatalogError extends Error {}

/** The blocks of one file, validated against the catalog (unknown names and tool ids throw). */
export function findBlocks(file: string, text: string, catalog: DocsCatalog): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  const fail = (i: number, message: string): never => {
    throw new DocsCatalogError(`${file}:${i + 1}: ${message}`);
  };
  let open: Omit<Block, 'end'> | undefined;
  let inFence = false;
  lines.forEach((line, i) => {
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence || !MARKER.test(line)) return;
    if (line.trimEnd() === END) {
      if (!open) fail(i, 'catalog:end without a catalog:begin');
      blocks.push({ ...open!, end: i });
      open = undefined;
      return;
    }
    const m = BEGIN.exec(line.trimEnd());
    if (!m) fail(i, `malformed marker ${JSON.stringify(line)}: expected "<!-- catalog:begin <name> [args] -->" or "${END}"`);
    if (open) fail(i, `catalog:begin inside the block begun on line ${open.begin + 1}`);
    const name = m![1]! as BlockName;
    const args = m![2]!.split(' ').filter(Boolean);
    if (!BLOCK_NAMES.includes(name)) fail(i, `unknown block "${name}" (known: ${BLOCK_NAMES.join(', ')})`);
    if (name === 'tool') {
      if (args.length === 0) fail(i, 'a tool block names at least one tool id');
      for (const id of args) {
        if (!catalog.tools.some((t) => t.id === id)) fail(i, `"${id}" is not a tool id of the catalog`);
      }
      if (new Set(args).size !== args.length) fail(i, 'a tool block names each tool once');
    } else if (args.length > 0) {
      fail(i, `the ${name} block takes no arguments`);
    }
    open = { name, args, begin: i };
  });
  if (open) fail(open.begin, 'catalog:begin without a catalog:end');
  return blocks;
}

/** Where a tool is documented: the page holding its `tool` block, and the ids of that block (its heading). */
export interface ToolSection {
  page: string;
  ids: string[];
}

/** The tool sections of all doc files, by tool id; a tool with two `tool` blocks throws. */
export function toolSections(files: ReadonlyMap<string, string>, catalog: DocsCatalog): Map<string, ToolSection> {
  const sections = new Map<string, ToolSection>();
  for (const [file, text] of files) {
    for (const block of findBlocks(file, text, catalog)) {
      if (block.name !== 'tool') continue;
      for (const id of block.args) {
        const other = sections.get(id);
        if (other) throw new DocsCatalogError(`${file}:${block.begin + 1}: ${id} already has a tool block in ${other.page}`);
        sections.set(id, { page: file, ids: block.args });
      }
    }
  }
  return sections;
}

interface RenderContext {
  catalog: DocsCatalog;
  /** The file being rendered, for relative links. */
  file: string;
  sections: ReadonlyMap<string, ToolSection>;
}

const usdc = (t: DocTool): string => `${t.price} USDC`;
const endpoint = (t: DocTool): string => `\`POST ${t.path}\``;
const cell = (s: string): string => s.replace(/\|/g, '\\|');

/** Tools grouped by family (in `TOOL_FAMILIES` order), catalog order within a family. */
function byFamily(tools: readonly DocTool[]): DocTool[] {
  const rank = (t: DocTool): number => (TOOL_FAMILIES as readonly string[]).indexOf(t.family);
  return tools.map((t, i) => ({ t, i })).sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i).map(({ t }) => t);
}

/** The GitHub anchor of a heading we generate (lower case, spaces to dashes, punctuation dropped). */
function anchor(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9_\- ]/g, '').replace(/ /g, '-');
}

function headingOf(ids: readonly string[]): string {
  return ids.length === 1 ? ids[0]! : `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;
}

/** The tool id, linked to its section when a page has one. */
function toolRef(t: DocTool, ctx: RenderContext): string {
  const section = ctx.sections.get(t.id);
  if (!section) return `\`${t.id}\``;
  const page = section.page === ctx.file ? '' : path.posix.relative(path.posix.dirname(ctx.file), section.page);
  return `[\`${t.id}\`](${page}#${anchor(headingOf(section.ids))})`;
}

function toolTable(tools: readonly DocTool[], ctx: RenderContext, answers: string): string[] {
  return [
    `| tool | price | endpoint | ${answers} |`,
    '|---|---|---|---|',
    ...tools.map((t) => `| ${toolRef(t, ctx)} | ${usdc(t)} | ${endpoint(t)} | ${cell(t.description)} |`),
  ];
}

function render(block: Block, ctx: RenderContext): string[] {
  const { tools, served } = ctx.catalog;
  const ordered = byFamily(tools);
  const isServed = (t: DocTool): boolean => served.has(t.id);
  switch (block.name) {
    case 'served-tools': {
      const list = ordered.filter(isServed);
      const lead =
        list.length === tools.length
          ? `The catalog lists ${tools.length} tools, all served today:`
          : list.length === 0
            ? `The catalog lists ${tools.length} tools; none is served yet.`
            : `The catalog lists ${tools.length} tools; ${list.length === 1 ? 'this one is' : `these ${list.length} are`} served today:`;
      return list.length === 0 ? [lead] : [lead, '', ...toolTable(list, ctx, 'what it answers')];
    }
    case 'unserved-tools': {
      const list = ordered.filter((t) => !isServed(t));
      if (list.length === 0) return ['Every tool of the catalog is served.'];
      return [
        list.length === 1
          ? 'This tool of the catalog is not served yet: it answers `501 not_implemented` before any payment is asked for.'
          : `These ${list.length} tools of the catalog are not served yet: they answer \`501 not_implemented\` before any payment is asked for.`,
        '',
        ...toolTable(list, ctx, 'what it will answer'),
      ];
    }
    case 'price-list':
      return [
        '| tool | title | family | price | endpoint | MCP name | served |',
        '|---|---|---|---|---|---|---|',
        ...ordered.map(
          (t) =>
            `| ${toolRef(t, ctx)} | ${cell(t.title)} | ${t.family} | ${usdc(t)} | ${endpoint(t)} | \`${t.mcpName}\` | ${isServed(t) ? 'yes' : 'not yet (501)'} |`,
        ),
      ];
    case 'mcp-toolsets':
      return [
        '| toolset | tools in the catalog | served today | longest MCP name |',
        '|---|---|---|---|',
        ...TOOL_FAMILIES.map((family) => {
          const members = tools.filter((t) => t.family === family);
          const longest = members.reduce<DocTool | null>((a, t) => (!a || t.mcpName.length > a.mcpName.length ? t : a), null);
          return `| \`${family}\` | ${members.length} | ${members.filter(isServed).length} | ${longest ? `\`${longest.mcpName}\` (${longest.mcpName.length} characters)` : 'none yet'} |`;
        }),
      ];
    case 'workflows':
      return [
        '| workflow | when to use | calls, in order | total |',
        '|---|---|---|---|',
        ...WORKFLOWS.map((w) => {
          const calls = w.steps.map((step) => {
            const t = tools.find((tool) => tool.id === step.tool);
            return `${t ? toolRef(t, ctx) : `\`${step.tool}\``}${step.forEach ? ' (for each item)' : ''}`;
          });
          return `| \`${w.id}\` | ${cell(w.whenToUse)} | ${calls.join(' → ')} | ${workflowTotalPrice(w).amount} USDC |`;
        }),
      ];
    case 'tool': {
      const list = block.args.map((id) => tools.find((t) => t.id === id)!);
      const line = (t: DocTool): string =>
        `${cell(t.title)} · **${usdc(t)}** · ${endpoint(t)} · MCP name \`${t.mcpName}\`${isServed(t) ? '' : ' · not served yet (501)'}`;
      const body = list.length === 1 ? [line(list[0]!)] : list.map((t) => `- \`${t.id}\`: ${line(t)}`);
      return [`## ${headingOf(block.args)}`, '', ...body, ...list.flatMap(exampleLines)];
    }
  }
}

/** The catalog's example request of a tool, as the body of a call (the same example the tests parse). */
function exampleLines(t: DocTool): string[] {
  if (t.example === undefined) return [];
  return ['', `Example request (\`${t.id}\`):`, '', '```json', JSON.stringify(t.example, null, 2), '```'];
}

/** `text` with every block's content replaced by what the catalog gives now. */
export function regenerate(
  file: string,
  text: string,
  catalog: DocsCatalog,
  sections: ReadonlyMap<string, ToolSection> = new Map(),
): string {
  const lines = text.split('\n');
  const blocks = findBlocks(file, text, catalog);
  const ctx: RenderContext = { catalog, file, sections };
  for (const block of [...blocks].reverse()) {
    lines.splice(block.begin + 1, block.end - block.begin - 1, '', ...render(block, ctx), '');
  }
  return lines.join('\n');
}

export interface GeneratedDoc {
  file: string;
  /** As on disk. */
  current: string;
  /** With every block regenerated. */
  generated: string;
}

/** Every doc file of `root`, with its blocks regenerated. */
export function generateDocs(root: string, catalog: DocsCatalog): GeneratedDoc[] {
  const files = new Map(docFiles(root).map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
  const sections = toolSections(files, catalog);
  return [...files].map(([file, current]) => ({ file, current, generated: regenerate(file, current, catalog, sections) }));
}

// ---------------------------------------------------------------------------------------------
// Free text

/** `0.25 USDC`, `1,000 USDC`, `$0.25`. Amounts in USD (not USDC) are not prices in these docs. */
const AMOUNT = /\$\s?(\d[\d,]*(?:\.\d+)?)|(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s?USDC\b/g;
/** What may stand between an identifier and the amount that prices it: spaces, backticks, emphasis, a cell border, a dash, a colon, an opening bracket. */
const ADJACENT = /(?<![A-Za-z0-9_])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)[\s`*|:—–(-]*$/;

interface Unit {
  start: number;
  end: number;
}

interface Mention {
  start: number;
  end: number;
  text: string;
  tool: DocTool;
}

/** The text with every block (markers included) blanked, line numbers kept. */
function maskBlocks(file: string, text: string, catalog: DocsCatalog): string {
  const lines = text.split('\n');
  for (const b of findBlocks(file, text, catalog)) for (let i = b.begin; i <= b.end; i++) lines[i] = ' '.repeat(lines[i]!.length);
  return lines.join('\n');
}

/** Splits text into the units a price belongs to (see checkFreeText). */
function unitsOf(text: string): Unit[] {
  const units: Unit[] = [];
  let paragraph: Unit | undefined;
  const flush = (): void => {
    if (!paragraph) return;
    const { start, end } = paragraph;
    let from = start;
    for (const m of text.slice(start, end).matchAll(/[.!?](?=\s+[A-Z`*[(])/g)) {
      const cut = start + m.index + 1;
      units.push({ start: from, end: cut });
      from = cut;
    }
    units.push({ start: from, end });
    paragraph = undefined;
  };
  let offset = 0;
  let inFence = false;
  for (const line of text.split('\n')) {
    const start = offset;
    const end = start + line.length;
    offset = end + 1;
    if (FENCE.test(line)) {
      flush();
      inFence = !inFence;
    } else if (inFence || /^\s{0,3}#{1,6}\s/.test(line) || /^\s*\|/.test(line)) {
      flush();
      units.push({ start, end });
    } else if (line.trim() === '') {
      flush();
    } else if (/^\s*([-*+>]|\d+[.)])\s/.test(line) || !paragraph) {
      flush();
      paragraph = { start, end };
    } else {
      paragraph.end = end;
    }
  }
  flush();
  return units;
}

function findMentions(unit: string, tools: readonly DocTool[]): Mention[] {
  const found: Mention[] = [];
  const word = /[A-Za-z0-9_]/;
  for (const tool of tools) {
    const needles: [string, RegExp][] = [
      [tool.id, word],
      [tool.mcpName, word],
      [tool.title, word],
      [tool.path, /[A-Za-z0-9_-]/],
    ];
    for (const [needle, boundary] of needles) {
      for (let i = unit.indexOf(needle); i >= 0; i = unit.indexOf(needle, i + 1)) {
        const before = unit[i - 1] ?? ' ';
        const after = unit[i + needle.length] ?? ' ';
        if (needle !== tool.path && word.test(before)) continue;
        if (boundary.test(after)) continue;
        found.push({ start: i, end: i + needle.length, text: needle, tool });
      }
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Mention[] = [];
  for (const m of found) if (!kept.some((k) => m.start < k.end && k.start < m.end)) kept.push(m);
  return kept;
}

function sameAmount(written: string, price: string): boolean {
  try {
    return decimalToAtomic(written.replace(/,/g, '')) === decimalToAtomic(price);
  } catch {
    return false;
  }
}

function excerpt(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 137)}…` : flat;
}

/**
 * Problems in the free text of one doc file (the text outside catalog blocks).
 *
 * Units. A price belongs to the unit it is written in: one table row; one heading; one line of a
 * fenced code block; or one sentence of a paragraph (a paragraph is a run of non-blank lines, and a
 * list item or block quote line starts a new one; a sentence ends at `.`, `!` or `?` followed by
 * white space and an upper-case letter, a backtick, `*`, `[` or `(`).
 *
 * Mentions of a tool: its id, its MCP name or its title as a whole word (case-sensitive), or its
 * path (`/api/x402/<slug>`, not followed by more path characters). Overlapping mentions keep the
 * longest.
 *
 * Amounts: `<number> USDC` or `$<number>` (`1,000` allowed). Amounts in USD are not prices here.
 *
 * Rules:
 * 1. Prices. Each amount in a unit that mentions a tool is that of the mention nearest before it
 *    in the unit, or if there is none, of the first mention after it; it must equal that tool's
 *    catalog price (as a number: `1 USDC` = `1.00 USDC`). Amounts in units without a mention are
 *    not prices and are not checked (rule 2 aside).
 * 2. Priced unknown tools. An amount directly after a snake_case identifier (only spaces, backticks,
 *    `*`, `|`, `:`, a dash or `(` between them) claims that identifier is a priced tool: it must be
 *    a catalog tool id or MCP name.
 * 3. Paths and MCP names. Every `/api/x402/<segment>` must be a catalog path and every `svc_…`
 *    identifier a catalog MCP name, wherever they are written (code blocks included).
 * 4. `paysight call <tool>`: the tool must be a catalog id (placeholders such as `<tool>` are skipped).
 *
 * A bare tool id in running prose cannot be told apart from the docs' other snake_case identifiers
 * (error codes, flag ids, report types): a deleted tool's id is caught by rules 1, 2 and 4 and by
 * its path and MCP name (rule 3), not in every sentence.
 */
export function checkFreeText(file: string, text: string, catalog: DocsCatalog): DocProblem[] {
  const { tools } = catalog;
  const masked = maskBlocks(file, text, catalog);
  const problems: DocProblem[] = [];
  const lineAt = (offset: number): number => masked.slice(0, offset).split('\n').length;
  const report = (offset: number, message: string): void => {
    problems.push({ file, line: lineAt(offset), message });
  };
  const ids = new Set(tools.map((t) => t.id));
  const mcpNames = new Set(tools.map((t) => t.mcpName));
  const paths = new Set(tools.map((t) => t.path));

  for (const { start, end } of unitsOf(masked)) {
    const unit = masked.slice(start, end);
    const mentions = findMentions(unit, tools);
    for (const a of unit.matchAll(AMOUNT)) {
      const amountText = a[0];
      const value = (a[1] ?? a[2])!;
      const adjacent = ADJACENT.exec(unit.slice(0, a.index))?.[1];
      if (adjacent && !ids.has(adjacent) && !mcpNames.has(adjacent)) {
        report(start + a.index, `"${amountText}" prices \`${adjacent}\`, which is not a catalog tool: "${excerpt(unit)}"`);
        continue;
      }
      const before = mentions.filter((m) => m.end <= a.index);
      const owner = before[before.length - 1] ?? mentions.find((m) => m.start >= a.index + amountText.length);
      if (!owner) continue;
      if (!sameAmount(value, owner.tool.price)) {
        report(
          start + a.index,
          `"${amountText}" is given as the price of ${owner.tool.id} (mentioned as "${owner.text}"), but the catalog price is ${owner.tool.price} USDC: "${excerpt(unit)}"`,
        );
      }
    }
  }

  for (const m of masked.matchAll(/\/api\/x402\/([A-Za-z0-9_-]+)/g)) {
    if (!paths.has(m[0])) report(m.index, `${m[0]} is not the path of a catalog tool`);
  }
  for (const m of masked.matchAll(/(?<![A-Za-z0-9_])svc_[A-Za-z0-9_]+/g)) {
    if (!mcpNames.has(m[0])) report(m.index, `${m[0]} is not the MCP name of a catalog tool`);
  }
  for (const m of masked.matchAll(/paysight call\s+([a-z][a-z0-9_]*)(?![A-Za-z0-9_<>-])/g)) {
    if (!ids.has(m[1]!)) report(m.index, `paysight call ${m[1]}: ${m[1]} is not a catalog tool id`);
  }
  return problems.sort((x, y) => x.line - y.line);
}

export interface DocsReport {
  /** Files whose blocks differ from what the catalog gives: run `npm run docs:catalog`. */
  stale: GeneratedDoc[];
  /** Free-text problems, and served tools without a `tool` block. */
  problems: DocProblem[];
}

/** Everything the test checks, for the docs of `root`. */
export function checkDocs(root: string, catalog: DocsCatalog): DocsReport {
  const docs = generateDocs(root, catalog);
  const problems = docs.flatMap((d) => checkFreeText(d.file, d.current, catalog));
  const sections = toolSections(new Map(docs.map((d) => [d.file, d.current])), catalog);
  for (const id of catalog.served) {
    if (!sections.has(id)) problems.push({ file: 'docs/tools', line: 0, message: `${id} is served but no doc page has a \`tool ${id}\` block` });
  }
  return { stale: docs.filter((d) => d.generated !== d.current), problems };
}

export function formatProblem(p: DocProblem): string {
  return `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`;
}

/** A stale file described for people: the first line that differs. */
export function describeStale(doc: GeneratedDoc): string {
  const a = doc.current.split('\n');
  const b = doc.generated.split('\n');
  let i = 0;
  while (i < Math.max(a.length, b.length) && a[i] === b[i]) i++;
  return `${doc.file}:${i + 1}: generated block is stale\n  in the file:  ${a[i] ?? '(end of file)'}\n  from catalog: ${b[i] ?? '(end of file)'}`;
}
