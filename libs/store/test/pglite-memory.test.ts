import { openStore } from '../src/index.js';
import { assertPgliteCanLoad } from './fixtures.js';
import { describeStoreSuite } from './store-suite.js';

// A non-default schema here proves PGlite honours `schema` too; the on-disk test uses the default.
describe('PGlite in memory', () =>
  describeStoreSuite('pglite', () => {
    assertPgliteCanLoad();
    return openStore({ dataDir: 'memory://', schema: 'paysight' });
  }));
