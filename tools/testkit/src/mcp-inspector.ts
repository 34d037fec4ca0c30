// Scripted calls through the MCP Inspector CLI (@modelcontextprotocol/inspector-cli 1.0.3, a root
// devDependency), as an agent developer would make them:
//   mcp-inspector-cli --cli URL --transport http --method tools/list
//   mcp-inspector-cli --cli URL --transport http --method tools/call --tool-name NAME --tool-arg k=v ...
// Without --cli the same binary starts the web UI (not installed here): never call it without.
// It prints a deprecation notice on stderr and the method's JSON result on stdout; a failed call prints
// the error on stderr and exits 1. --tool-arg values are JSON-parsed when they parse ("1" becomes 1),
// then strings are converted by the tool's inputSchema; --tool-arg may be repeated.
// Quirk of 1.0.3: its inner build/index.js reads its package.json at `../package.json` relative to the
// working directory (falling back to `../../package.json` relative to itself), so it runs from its own
// build/ directory, where that path is its package.json.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runNodeScript, type ProcessResult } from './mcp-conformance.js';

const requireHere = createRequire(import.meta.url);

export interface InspectorCall {
  /** The streamable HTTP endpoint, e.g. http://127.0.0.1:PORT/api/mcp. */
  url: string;
  method: 'tools/list' | 'tools/call';
  toolName?: string;
  /** Passed as --tool-arg key=value (values are JSON-parsed by the CLI when they parse). */
  toolArgs?: Record<string, string>;
  /** Extra HTTP headers, as --header "Name: value". */
  headers?: Record<string, string>;
  /** Default 60 s; a call takes about a second. */
  timeoutMs?: number;
}

export interface InspectorResult extends ProcessResult {
  /** stdout parsed as JSON, or undefined when it was not JSON (see stderr). */
  json: unknown;
}

/** The installed Inspector CLI's entry (never fetched at run time). */
export function inspectorCliPath(): string {
  const pkgFile = requireHere.resolve('@modelcontextprotocol/inspector-cli/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(pkgFile), pkg.bin['mcp-inspector-cli']!);
}

export function inspectorArgs(call: InspectorCall): string[] {
  const args = ['--cli', call.url, '--transport', 'http', '--method', call.method];
  if (call.toolName) args.push('--tool-name', call.toolName);
  for (const [key, value] of Object.entries(call.toolArgs ?? {})) args.push('--tool-arg', `${key}=${value}`);
  for (const [key, value] of Object.entries(call.headers ?? {})) args.push('--header', `${key}: ${value}`);
  return args;
}

export async function runInspector(call: InspectorCall): Promise<InspectorResult> {
  const cli = inspectorCliPath();
  const result = await runNodeScript(cli, inspectorArgs(call), { timeoutMs: call.timeoutMs ?? 60_000, cwd: path.dirname(cli) });
  let json: unknown;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    json = undefined;
  }
  return { ...result, json };
}
