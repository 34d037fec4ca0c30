import { readFileSync } from 'node:fs';
import type { LocalServicesInfo } from '@paysight/stack';

/** What the global set-up started for this jest run: the local services of @paysight/stack, as data. */
export type SharedTestStack = LocalServicesInfo;

/** The shared local chains and facilitator; throws with a clear message outside `npm test`. */
export function readTestStack(): SharedTestStack {
  const file = process.env.PAYSIGHT_TEST_STACK;
  if (!file) throw new Error('PAYSIGHT_TEST_STACK is not set: run the tests through jest with the workspace config (npm test).');
  return JSON.parse(readFileSync(file, 'utf8')) as SharedTestStack;
}
