import { openStore } from '../src/index.js';
import { assertPgliteCanLoad } from './fixtures.js';
import { describeObservationSuite } from './observation-suite.js';

describe('capability observations on PGlite', () =>
  describeObservationSuite('pglite', () => {
    assertPgliteCanLoad();
    return openStore({ dataDir: 'memory://' });
  }));
