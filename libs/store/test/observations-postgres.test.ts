import { openStore } from '../src/index.js';
import { describeObservationSuite } from './observation-suite.js';
import { describePostgres, dropSchema, freshSchema } from './postgres.js';

describePostgres('capability observations on PostgreSQL', (databaseUrl) => {
  const schema = freshSchema('observations');
  afterAll(() => dropSchema(databaseUrl, schema));
  describeObservationSuite('postgres', () => openStore({ databaseUrl, schema }));
});
