import path from 'node:path';
import { ESLint } from 'eslint';

// The dependency boundaries of eslint.config.mjs, proved on deliberate violations: each is linted as if
// it were a file at that path (nothing is written) and must be reported by the rule named.
const ROOT = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids reported for `source` placed at `file` (relative to the repository root), with what they flagged. */
async function boundaryReports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => `${m.ruleId} ${source.split('\n')[m.line - 1]!.match(/'([^']+)'/)?.[1]}`);
}

const importOf = (specifier: string) => `import * as m from '${specifier}';\nexport const loaded = m;\n`;

describe('dependency boundaries (eslint.config.mjs)', () => {
  it.each([
    ['libs/tools/src/analyzer.ts', '@paysight/chain-data'],
    ['libs/contracts/src/schema.ts', '@paysight/tools'],
    ['tools/devnet/src/chain/placement.ts', '@paysight/tools'],
    ['libs/payment/test/paywall.test.ts', '@paysight/api'],
    ['libs/payment/test/paywall.test.ts', '@paysight/testkit/api'],
    ['libs/payment/src/paywall.test.ts', '@paysight/stack'],
    ['libs/payment/test/paywall.test.ts', '@paysight/stack/api'],
    ['libs/datasets/src/lists.ts', '@paysight/tools'],
    ['libs/mcp-adapter/src/tools.ts', '@paysight/api'],
    ['apps/api/src/server.ts', '@paysight/cli'],
    ['apps/api/src/server.ts', '@paysight/testkit'],
    ['tools/testkit/src/chains.ts', '@paysight/api'],
    ['tools/testkit/src/chains.ts', '@paysight/stack/api'],
    ['tools/testkit/src/chains.ts', './api.js'],
    ['tools/stack/src/compose.ts', '@paysight/cli'],
    ['libs/unlisted/src/index.ts', '@paysight/contracts'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await boundaryReports(file, importOf(specifier))).toEqual([`no-restricted-imports ${specifier}`]);
  });

  it.each([
    ['libs/payment/test/support/ledger.ts', '../../../store/src/index.js'],
    ['libs/tools/src/wallet/peek.ts', '../../../../apps/api/src/index.js'],
    ['tools/devnet/src/chain/placement.ts', '../../../../libs/tools/src/index.js'],
    ['apps/cli/test/start.test.ts', '../../api/src/index.js'],
  ])('%s may not reach out of its package with %s', async (file, specifier) => {
    expect(await boundaryReports(file, importOf(specifier))).toEqual([`paysight/no-escaping-import ${specifier}`]);
  });

  it('also checks re-exports, type-only imports and dynamic imports that leave the package', async () => {
    expect(await boundaryReports('libs/tools/src/index.ts', "export { CATALOG } from '@paysight/payment';\n")).toEqual(['no-restricted-imports @paysight/payment']);
    expect(await boundaryReports('libs/store/src/ports.ts', "import type { ToolPorts } from '@paysight/tools';\nexport type P = ToolPorts;\n")).toEqual([
      'no-restricted-imports @paysight/tools',
    ]);
    expect(await boundaryReports('libs/store/src/lazy.ts', "export const load = () => import('../../tools/src/index.js');\n")).toEqual([
      'paysight/no-escaping-import ../../tools/src/index.js',
    ]);
  });

  it.each([
    ['libs/contracts/src/schema.ts', 'zod'],
    ['libs/datasets/src/lists.ts', '@paysight/contracts'],
    ['libs/tools/src/analyzer.ts', '@paysight/datasets'],
    ['libs/tools/test/analyzer.test.ts', '@paysight/testkit'],
    ['libs/tools/test/analyzer.test.ts', '@paysight/tools'],
    ['libs/chain-data/test/devnet.test.ts', '@paysight/devnet'],
    ['libs/payment/test/ledger.test.ts', '@paysight/store'],
    ['libs/paid-call/src/call.ts', '@paysight/tools'],
    ['libs/mcp-adapter/src/tools.ts', '@paysight/paid-call'],
    ['tools/devnet/src/chain/placement.ts', '@paysight/datasets'],
    ['tools/devnet/src/chain/placement.ts', '@paysight/chain-data'],
    ['tools/testkit/src/chains.ts', '@paysight/devnet'],
    ['tools/testkit/src/chains.ts', '@paysight/stack'],
    ['tools/testkit/src/api.ts', '@paysight/api'],
    ['tools/testkit/src/api.ts', '@paysight/stack/api'],
    ['tools/stack/src/compose.ts', '@paysight/api'],
    ['tools/bench/src/load.ts', '@paysight/cli'],
    ['apps/api/src/server.ts', '@paysight/mcp-adapter'],
    ['apps/api/test/server.test.ts', '@paysight/testkit/api'],
    ['apps/cli/src/start.ts', '@paysight/stack'],
    ['apps/cli/src/start.ts', '@paysight/stack/api'],
    ['libs/tools/src/wallet/peek.ts', '../../shared/transfers.js'],
    ['libs/tools/src/risk/data.ts', '../../data/selector-index.json'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await boundaryReports(file, importOf(specifier))).toEqual([]);
  });
});
