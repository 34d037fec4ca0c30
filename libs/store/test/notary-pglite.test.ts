import { openStore } from '../src/index.js';
import { assertPgliteCanLoad } from './fixtures.js';
import { describeNotarySuite } from './notary-suite.js';

describe('notary records on PGlite', () =>
  describeNotarySuite('pglite', () => {
    assertPgliteCanLoad();
    return openStore({ dataDir: 'memory://' });
  }));
