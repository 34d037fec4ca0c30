/** A command line the user has to fix: the message says how; the command exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
