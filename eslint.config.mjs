import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const CODE = '**/*.{ts,mts,cts,js,mjs}';

// ---------------------------------------------------------------------------------------------------
// Boundaries: the dependency arrows of the design, for source and tests alike (docs/development.md,
// "Boundaries"). Each row lists the @paysight/* packages a package's code may import (`src`), and what
// its tests (test/** and *.test.ts) may import besides (`test`). A test may also import its own package.
// Names are exact specifiers without the scope: 'testkit' allows `@paysight/testkit`, never
// `@paysight/testkit/api`. '*' allows every @paysight package. A package without a row may import none.
// ---------------------------------------------------------------------------------------------------
const LIBS = ['contracts', 'datasets', 'tools', 'chain-data', 'store', 'payment', 'paid-call', 'mcp-adapter'];
/** What every library's tests may use besides their library's own imports: the core test kit and the local chains. */
const LIB_TESTS = ['testkit', 'devnet'];
/** The test kit's core entry: chains, buyer, store, tool ports, and the stack's local services (`@paysight/stack`, which loads no app). */
const TESTKIT_CORE = ['contracts', 'datasets', 'devnet', 'payment', 'chain-data', 'store', 'tools', 'stack'];
/** What apps' tests may use besides the app's own imports: the whole test kit, a test API included. */
const APP_TESTS = ['testkit', 'testkit/api', 'devnet', 'stack', 'stack/api'];

const BOUNDARIES = {
  'libs/contracts': { src: [], test: LIB_TESTS },
  'libs/datasets': { src: ['contracts'], test: LIB_TESTS },
  'libs/tools': { src: ['contracts', 'datasets'], test: LIB_TESTS },
  'libs/chain-data': { src: ['contracts'], test: LIB_TESTS },
  'libs/store': { src: ['contracts'], test: LIB_TESTS },
  'libs/payment': { src: ['contracts'], test: [...LIB_TESTS, 'store'] },
  'libs/paid-call': { src: ['contracts', 'payment', 'tools'], test: [...LIB_TESTS, 'store', 'chain-data'] },
  'libs/mcp-adapter': { src: ['contracts', 'payment', 'paid-call'], test: LIB_TESTS },
  // The devnet places contracts where the datasets say; its scenario test checks the detectors agree.
  'tools/devnet': { src: ['contracts', 'datasets', 'chain-data'], test: ['tools'] },
  'tools/testkit': { src: TESTKIT_CORE, test: [] },
  'tools/stack': { src: [...LIBS, 'devnet', 'api'], test: ['testkit', 'stack/api'] },
  'tools/bench': { src: '*', test: '*' },
  'apps/api': { src: LIBS, test: APP_TESTS },
  // Running in process, apps/mcp composes the service exactly as the API does (its config and wiring).
  'apps/mcp': { src: [...LIBS, 'api'], test: APP_TESTS },
  'apps/cli': { src: [...LIBS, 'api', 'stack', 'stack/api', 'devnet'], test: APP_TESTS },
};

/** The test kit's api entry starts a test API: it alone may load the API and the stack, and only apps' tests may import it. */
const TESTKIT_API_ENTRY = { files: ['tools/testkit/src/api.ts', 'tools/testkit/src/api/**'], src: [...TESTKIT_CORE, 'api', 'stack/api'] };
/** The core entry must not reach the api entry by a relative path either. */
const TESTKIT_API_BY_PATH = { regex: '^\\.{1,2}/(\\.\\./)*api(/index)?(\\.[cm]?[jt]s)?$', message: 'The core of @paysight/testkit never loads its api entry (src/api): only apps\' tests use @paysight/testkit/api.' };

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function restrictedImports(where, allowed, extraPatterns = []) {
  const patterns = [...extraPatterns];
  if (allowed !== '*') {
    const names = allowed.map(escapeRegex).join('|');
    const may = allowed.length ? `may import only ${allowed.map((n) => `@paysight/${n}`).join(', ')}` : 'may import no @paysight package';
    patterns.unshift({
      regex: names ? `^@paysight/(?!(${names})$)` : '^@paysight/',
      message: `${where} ${may} (the boundaries table in eslint.config.mjs; docs/development.md, "Boundaries").`,
    });
  }
  return ['error', { patterns }];
}

function boundaryConfigs() {
  const configs = [
    {
      name: 'paysight/boundaries/unlisted',
      files: [`{libs,apps,tools}/*/${CODE}`],
      rules: { 'no-restricted-imports': restrictedImports('a package without a row in the boundaries table', []) },
    },
  ];
  for (const [dir, { src, test }] of Object.entries(BOUNDARIES)) {
    const self = dir.split('/')[1];
    const extra = dir === 'tools/testkit' ? [TESTKIT_API_BY_PATH] : [];
    configs.push({ name: `paysight/boundaries/${dir}`, files: [`${dir}/${CODE}`], rules: { 'no-restricted-imports': restrictedImports(`${dir} (src)`, src, extra) } });
    const testAllowed = src === '*' || test === '*' ? '*' : [...new Set([...src, ...test, self])];
    configs.push({
      name: `paysight/boundaries/${dir}/tests`,
      files: [`${dir}/test/${CODE}`, `${dir}/**/*.test.{ts,mts,cts,js,mjs}`],
      rules: { 'no-restricted-imports': restrictedImports(`${dir} tests`, testAllowed, extra) },
    });
  }
  configs.push({
    name: 'paysight/boundaries/tools/testkit/api-entry',
    files: TESTKIT_API_ENTRY.files,
    rules: { 'no-restricted-imports': restrictedImports('tools/testkit/src/api (the api entry)', TESTKIT_API_ENTRY.src) },
  });
  return configs;
}

/** Relative imports stay inside their package: another package is imported by its name, so the table above applies. */
const noEscapingImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative imports that leave the package (libs/*, apps/*, tools/*).' },
    schema: [],
    messages: { escape: "'{{source}}' leaves {{pkg}}: import another package by its @paysight name, so the boundaries apply." },
  },
  create(context) {
    const [group, name] = path.relative(ROOT, context.filename).split(path.sep);
    if (!['libs', 'apps', 'tools'].includes(group) || !name) return {};
    const pkg = path.join(ROOT, group, name);
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), node.value);
      if (target !== pkg && !target.startsWith(pkg + path.sep)) context.report({ node, messageId: 'escape', data: { source: node.value, pkg: `${group}/${name}` } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSExternalModuleReference: (node) => check(node.expression),
      'CallExpression[callee.name="require"]': (node) => check(node.arguments[0]),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/.paysight/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // Plain Node scripts (bin entries): Node's globals.
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
  ...boundaryConfigs(),
  {
    name: 'paysight/boundaries/relative',
    files: [`{libs,apps,tools}/*/${CODE}`],
    // A package's build configuration may use the workspace's shared recipe (tsup.shared.ts).
    ignores: ['{libs,apps,tools}/*/*.config.{ts,mts,cts,js,mjs}'],
    plugins: { paysight: { rules: { 'no-escaping-import': noEscapingImport } } },
    rules: { 'paysight/no-escaping-import': 'error' },
  },
);
