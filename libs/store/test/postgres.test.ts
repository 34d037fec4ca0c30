import { openStore } from '../src/index.js';
import { describePostgres, dropSchema, freshSchema } from './postgres.js';
import { describeStoreSuite } from './store-suite.js';

describePostgres('PostgreSQL', (databaseUrl) => {
  const schema = freshSchema('suite');
  afterAll(() => dropSchema(databaseUrl, schema));
  describeStoreSuite('postgres', () => openStore({ databaseUrl, schema }));
});
