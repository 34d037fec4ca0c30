/** What a command gets besides its arguments. */
export interface CommandContext {
  env: Record<string, string | undefined>;
  /** A line for people (stderr: stdout carries the MCP protocol). */
  log(line: string): void;
}

/** A `paysight-mcp` subcommand: it parses its own arguments and resolves with the exit code. */
export interface Command {
  name: string;
  /** Its part of the usage text, starting with its synopsis (the table indents it). */
  usage: string;
  run(argv: string[], context: CommandContext): Promise<number>;
}
