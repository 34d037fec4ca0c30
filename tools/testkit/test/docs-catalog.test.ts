import path from 'node:path';
import { WORKFLOWS, workflowTotalPrice } from '@paysight/contracts';
import {
  checkDocs,
  checkFreeText,
  currentCatalog,
  describeStale,
  DocsCatalogError,
  formatProblem,
  regenerate,
  toolSections,
  type DocsCatalog,
} from '../src/docs-catalog.js';

const ROOT = path.resolve(__dirname, '../../..');

describe('README.md and docs/ against the catalog', () => {
  const report = checkDocs(ROOT, currentCatalog());

  it('have every generated block as the catalog gives it now', () => {
    // A stale block: the catalog changed (a price, a tool, what is served) after the docs were generated.
    expect(report.stale.map((d) => `${describeStale(d)}\n  run \`npm run docs:catalog\` to regenerate it`)).toEqual([]);
  });

  it('state only catalog prices, paths, MCP names and tool ids in their free text, and document every served tool', () => {
    // Rules: checkFreeText in tools/testkit/src/docs-catalog.ts. Fix the text by hand, or turn it into a block.
    expect(report.problems.map(formatProblem)).toEqual([]);
  });
});

/** A made-up catalog, so that these tests do not move with the real prices. */
const CATALOG: DocsCatalog = {
  tools: [
    { id: 'coin_check', slug: 'coin-check', path: '/api/x402/coin-check', mcpName: 'svc_coin_check', title: 'Coin check', description: 'Checks a coin.', price: '0.01', family: 'wallet', example: { coin: 'x' } },
    { id: 'trust_me', slug: 'trust-me', path: '/api/x402/trust-me', mcpName: 'svc_trust_me', title: 'Trust me', description: 'Trusts | or not.', price: '0.25', family: 'trust' },
    { id: 'deep_dig', slug: 'deep-dig', path: '/api/x402/deep-dig', mcpName: 'svc_deep_dig', title: 'Deep dig', description: 'Digs deep.', price: '5.00', family: 'wallet' },
  ],
  served: new Set(['coin_check', 'deep_dig']),
};

const problems = (text: string): string[] => checkFreeText('doc.md', text, CATALOG).map((p) => `${p.line}: ${p.message}`);

describe('checkFreeText', () => {
  it('accepts the catalog prices in table rows, headings, sentences and code lines', () => {
    const text = [
      '# Tools',
      '',
      '## coin_check — 0.01 USDC, and deep_dig — 5 USDC',
      '',
      '| `coin_check` | 0.01 USDC | `POST /api/x402/coin-check` |',
      '| `svc_deep_dig` | $5.00 |',
      '',
      'A `trust_me` call costs 0.25 USDC. It is not served yet; a `deep_dig`',
      'costs more: $5.',
      '',
      'For 0.01 USDC, `coin_check` answers (the amount is before its only mention).',
      '',
      '```json',
      '{ "error": "Coin check costs 0.01 USDC", "resource": "http://x/api/x402/deep-dig" }',
      '```',
      '',
      'Run `npx paysight call coin_check` or `paysight call <tool>`; MCP names start with `svc_`.',
    ].join('\n');
    expect(problems(text)).toEqual([]);
  });

  it('finds a wrong price in a table row', () => {
    expect(problems('| tool | price |\n|---|---|\n| `coin_check` | 0.02 USDC |\n')).toEqual([
      '3: "0.02 USDC" is given as the price of coin_check (mentioned as "coin_check"), but the catalog price is 0.01 USDC: "| `coin_check` | 0.02 USDC |"',
    ]);
  });

  it('finds a wrong price in a sentence, by path, MCP name or title, in USDC or dollars', () => {
    const text = [
      'Intro line.',
      '',
      'Calling `POST /api/x402/deep-dig` costs $4.99 today.',
      'And `svc_trust_me` is 0.01 USDC. The Coin check costs 1 USDC.',
    ].join('\n');
    expect(problems(text)).toEqual([
      expect.stringMatching(/^3: "\$4\.99" is given as the price of deep_dig .*catalog price is 5\.00 USDC/),
      expect.stringMatching(/^4: "0\.01 USDC" is given as the price of trust_me \(mentioned as "svc_trust_me"\)/),
      expect.stringMatching(/^4: "1 USDC" is given as the price of coin_check \(mentioned as "Coin check"\)/),
    ]);
  });

  it('gives each amount to the nearest mention before it, so swapped prices fail', () => {
    expect(problems('## coin_check — 5.00 USDC, and deep_dig — 0.01 USDC\n')).toEqual([
      expect.stringContaining('"5.00 USDC" is given as the price of coin_check'),
      expect.stringContaining('"0.01 USDC" is given as the price of deep_dig'),
    ]);
  });

  it('does not carry a mention over to the next sentence, row or line of code', () => {
    const text = ['Use `deep_dig` for detail. That costs 9.99 USDC.', '', '| `deep_dig` |', '| 9.99 USDC |', '', '```', 'coin_check', '9.99 USDC', '```'].join('\n');
    expect(problems(text)).toEqual([]);
  });

  it('treats amounts in USD and bare numbers as no price', () => {
    expect(problems('`coin_check` flags wallets holding 1,000 USD; `--max-usd 1.00` caps `deep_dig`.')).toEqual([]);
  });

  it('names unknown tools: a priced identifier, a path, an MCP name, a paysight call', () => {
    const text = [
      '## coin_probe — 0.01 USDC',
      '',
      'It replaced `POST /api/x402/coin-probe` (MCP name `svc_coin_probe`).',
      '',
      '```bash',
      'npx paysight call coin_probe \'{}\'',
      '```',
    ].join('\n');
    expect(problems(text)).toEqual([
      '1: "0.01 USDC" prices `coin_probe`, which is not a catalog tool: "## coin_probe — 0.01 USDC"',
      '3: /api/x402/coin-probe is not the path of a catalog tool',
      '3: svc_coin_probe is not the MCP name of a catalog tool',
      '6: paysight call coin_probe: coin_probe is not a catalog tool id',
    ]);
  });

  it('skips generated blocks, which the staleness test covers', () => {
    const text = ['<!-- catalog:begin served-tools -->', '| `coin_check` | 9.99 USDC | `/api/x402/gone` |', '<!-- catalog:end -->', '', '`coin_check` is 0.02 USDC.'].join('\n');
    expect(problems(text)).toEqual([expect.stringMatching(/^5: "0\.02 USDC" is given as the price of coin_check/)]);
  });
});

describe('regenerate', () => {
  const doc = (...lines: string[]): string => lines.join('\n');

  it('fills every block from the catalog and is idempotent', () => {
    const sections = toolSections(new Map([['docs/tools/wallet.md', doc('<!-- catalog:begin tool coin_check deep_dig -->', '<!-- catalog:end -->')]]), CATALOG);
    const readme = doc('# X', '<!-- catalog:begin served-tools -->', 'old', '<!-- catalog:end -->', '<!-- catalog:begin unserved-tools -->', '<!-- catalog:end -->', '');
    const once = regenerate('README.md', readme, CATALOG, sections);
    expect(once).toBe(
      doc(
        '# X',
        '<!-- catalog:begin served-tools -->',
        '',
        'The catalog lists 3 tools; these 2 are served today:',
        '',
        '| tool | price | endpoint | what it answers |',
        '|---|---|---|---|',
        '| [`coin_check`](docs/tools/wallet.md#coin_check-and-deep_dig) | 0.01 USDC | `POST /api/x402/coin-check` | Checks a coin. |',
        '| [`deep_dig`](docs/tools/wallet.md#coin_check-and-deep_dig) | 5.00 USDC | `POST /api/x402/deep-dig` | Digs deep. |',
        '',
        '<!-- catalog:end -->',
        '<!-- catalog:begin unserved-tools -->',
        '',
        'This tool of the catalog is not served yet: it answers `501 not_implemented` before any payment is asked for.',
        '',
        '| tool | price | endpoint | what it will answer |',
        '|---|---|---|---|',
        '| `trust_me` | 0.25 USDC | `POST /api/x402/trust-me` | Trusts \\| or not. |',
        '',
        '<!-- catalog:end -->',
        '',
      ),
    );
    expect(regenerate('README.md', once, CATALOG, sections)).toBe(once);
  });

  it('writes one MCP toolset row per catalog family, with served counts and the longest name', () => {
    const text = doc('<!-- catalog:begin mcp-toolsets -->', '<!-- catalog:end -->');
    expect(regenerate('docs/mcp.md', text, CATALOG)).toBe(
      doc(
        '<!-- catalog:begin mcp-toolsets -->',
        '',
        '| toolset | tools in the catalog | served today | longest MCP name |',
        '|---|---|---|---|',
        '| `wallet` | 2 | 2 | `svc_coin_check` (14 characters) |',
        '| `tx` | 0 | 0 | none yet |',
        '| `trust` | 1 | 0 | `svc_trust_me` (12 characters) |',
        '| `expansion` | 0 | 0 | none yet |',
        '| `ext` | 0 | 0 | none yet |',
        '| `x402` | 0 | 0 | none yet |',
        '',
        '<!-- catalog:end -->',
      ),
    );
  });

  it('writes one row per designed workflow: its calls in order (linked where documented) and its total', () => {
    const lines = regenerate('docs/agents.md', doc('<!-- catalog:begin workflows -->', '<!-- catalog:end -->'), CATALOG).split('\n');
    const rows = lines.filter((l) => l.startsWith('| `'));
    expect(rows).toHaveLength(WORKFLOWS.length);
    const triage = WORKFLOWS.find((w) => w.id === 'wallet_triage_to_report')!;
    expect(rows).toContain(`| \`${triage.id}\` | ${triage.whenToUse} | \`wallet_snapshot\` → \`wallet_audit\` → \`deep_wallet_report\` | ${workflowTotalPrice(triage).amount} USDC |`);
  });

  it('writes the heading and endpoint lines of a tool section', () => {
    const text = doc('<!-- catalog:begin tool trust_me -->', '<!-- catalog:end -->');
    expect(regenerate('docs/tools/trust.md', text, CATALOG)).toBe(
      doc(
        '<!-- catalog:begin tool trust_me -->',
        '',
        '## trust_me',
        '',
        'Trust me · **0.25 USDC** · `POST /api/x402/trust-me` · MCP name `svc_trust_me` · not served yet (501)',
        '',
        '<!-- catalog:end -->',
      ),
    );
  });

  it("shows the catalog's example request of a tool", () => {
    const text = doc('<!-- catalog:begin tool coin_check -->', '<!-- catalog:end -->');
    expect(regenerate('docs/tools/wallet.md', text, CATALOG)).toBe(
      doc(
        '<!-- catalog:begin tool coin_check -->',
        '',
        '## coin_check',
        '',
        'Coin check · **0.01 USDC** · `POST /api/x402/coin-check` · MCP name `svc_coin_check`',
        '',
        'Example request (`coin_check`):',
        '',
        '```json',
        '{',
        '  "coin": "x"',
        '}',
        '```',
        '',
        '<!-- catalog:end -->',
      ),
    );
  });

  it('shows that an edited block differs from its regeneration (what the staleness test catches)', () => {
    const fresh = regenerate('docs/README.md', doc('<!-- catalog:begin price-list -->', '<!-- catalog:end -->'), CATALOG);
    const edited = fresh.replace('| 0.01 USDC |', '| 0.02 USDC |');
    expect(edited).not.toBe(fresh);
    expect(regenerate('docs/README.md', edited, CATALOG)).toBe(fresh);
    expect(describeStale({ file: 'docs/README.md', current: edited, generated: fresh })).toMatch(/^docs\/README\.md:5: generated block is stale\n {2}in the file: {2}.*0\.02 USDC/);
  });

  it('refuses malformed markers, unknown blocks and tool ids, and unterminated blocks; ignores markers in code', () => {
    const run = (text: string) => () => regenerate('doc.md', text, CATALOG);
    expect(run('<!-- catalog:begin prices -->\n<!-- catalog:end -->')).toThrow(/doc\.md:1: unknown block "prices"/);
    expect(run('<!-- catalog:begin tool coin_probe -->\n<!-- catalog:end -->')).toThrow(/"coin_probe" is not a tool id of the catalog/);
    expect(run('<!-- catalog:begin served-tools -->\n')).toThrow(DocsCatalogError);
    expect(run('<!-- catalog:end -->')).toThrow(/catalog:end without a catalog:begin/);
    expect(run('<!-- catalog:begin Served -->')).toThrow(/malformed marker/);
    const fenced = '```\n<!-- catalog:begin served-tools -->\n```\n';
    expect(regenerate('doc.md', fenced, CATALOG)).toBe(fenced);
  });

  it('says so when every tool is served', () => {
    const all = { ...CATALOG, served: new Set(CATALOG.tools.map((t) => t.id)) };
    expect(regenerate('README.md', '<!-- catalog:begin unserved-tools -->\n<!-- catalog:end -->', all)).toBe(
      '<!-- catalog:begin unserved-tools -->\n\nEvery tool of the catalog is served.\n\n<!-- catalog:end -->',
    );
  });
});
