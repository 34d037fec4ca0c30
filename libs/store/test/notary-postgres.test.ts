import { openStore } from '../src/index.js';
import { describeNotarySuite } from './notary-suite.js';
import { describePostgres, dropSchema, freshSchema } from './postgres.js';

describePostgres('notary records on PostgreSQL', (databaseUrl) => {
  const schema = freshSchema('notary');
  afterAll(() => dropSchema(databaseUrl, schema));
  describeNotarySuite('postgres', () => openStore({ databaseUrl, schema }));
});
