// Jest runs global set-up in its own process, outside its module system and transforms:
// tsx loads the TypeScript stack (workspace sources through the @paysight/source condition).
require('tsx/cjs/api').register();

module.exports = async function globalSetup() {
  const { default: setup } = require('../src/global-setup.ts');
  await setup();
};
