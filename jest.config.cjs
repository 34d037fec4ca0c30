// One jest run for the whole workspace: `npm test` starts the local chains and the facilitator once
// (global set-up) and every project's tests share them.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

const project = (dir) => ({
  displayName: dir.split('/')[1],
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@paysight/source', 'node', 'node-addons'] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': swc },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
});

module.exports = {
  rootDir: __dirname,
  globalSetup: '<rootDir>/tools/testkit/jest/global-setup.cjs',
  globalTeardown: '<rootDir>/tools/testkit/jest/global-teardown.cjs',
  // Integration tests start servers and child processes; a hung one still fails, just not at 5 s.
  testTimeout: 60_000,
  // Two workers on CI's two cores: much of the suite waits on the chains, the facilitator and child
  // processes, and jest's default on two cores (one worker) runs every file in band, one after another.
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/tools/testkit/jest/summary-reporter.cjs'],
  projects: [
    'libs/contracts',
    'libs/datasets',
    'libs/payment',
    'libs/chain-data',
    'libs/mcp-adapter',
    'libs/paid-call',
    'libs/tools',
    'libs/store',
    'apps/api',
    'apps/cli',
    'apps/mcp',
    'tools/devnet',
    'tools/stack',
    'tools/testkit',
    'tools/bench',
  ].map(project),
};
