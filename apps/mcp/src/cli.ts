import type { Command, CommandContext } from './command.js';
import { proxyCommand } from './commands/proxy.js';
import { serveCommand } from './commands/serve.js';
import { UsageError } from './usage-error.js';

/** Every subcommand; adding one is a module in commands/ and a line here. */
const COMMANDS: readonly Command[] = [serveCommand, proxyCommand];

const USAGE = `Paysight's blockchain research tools over MCP

Usage:
${COMMANDS.map((command) => command.usage.replace(/^(?=.)/gm, '  ')).join('\n\n')}`;

/** Runs one subcommand; resolves with the process's exit code (2 for a usage error, 1 for a failure). */
export async function runMcp(argv: string[], context: CommandContext): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') {
    context.log(USAGE);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    context.log(`${name ? `Unknown command "${name}".` : 'No command given.'}\n\n${USAGE}`);
    return 2;
  }
  try {
    return await command.run(rest, context);
  } catch (error) {
    if (error instanceof UsageError) {
      context.log(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    context.log(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
