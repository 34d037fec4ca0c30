// The MCP conformance suite (@modelcontextprotocol/conformance 0.1.13, a root devDependency) run as a
// child process against a server URL, with its results read back from the files it writes.
//
// How 0.1.13 runs (read from its dist/index.js):
// - `conformance server --url URL [--scenario NAME | --suite active|all|pending] [--expected-failures FILE]
//   [-o DIR] [--verbose]`. Without --scenario it runs the suite's scenarios one after another (default
//   `active`, which leaves out the two `pending` ones: json-schema-2020-12 and server-sse-polling).
// - With `-o DIR` each scenario writes DIR/server-<scenario>-<ISO time with : and . as ->/checks.json:
//   an array of checks { id, name, description, status: SUCCESS|FAILURE|WARNING|INFO|SKIPPED,
//   errorMessage?, details? }. A scenario that throws leaves its directory without checks.json.
// - Exit code: without a baseline, 1 when any check is a FAILURE; with --expected-failures, 1 when a
//   scenario fails that the file does not list, or when a listed scenario passes (a stale entry). In
//   baseline mode a WARNING fails its scenario too; this module applies that same rule.
// - The expected-failures file is YAML, `server:` and/or `client:` lists of scenario names; the CLI
//   ignores anything else. Here each entry carries its reason as a trailing `# comment`.
// - Stdout is coloured text whatever the terminal; nothing is parsed from it here.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isSeq, isScalar, parseDocument } from 'yaml';

const requireHere = createRequire(import.meta.url);

export type ConformanceCheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';

export interface ConformanceCheck {
  id: string;
  name: string;
  description: string;
  status: ConformanceCheckStatus;
  errorMessage?: string;
  details?: Record<string, unknown>;
}

export interface ConformanceScenarioResult {
  scenario: string;
  /** As the CLI's baseline check counts it: no check is a FAILURE or a WARNING. */
  passed: boolean;
  checks: ConformanceCheck[];
}

export interface ExpectedFailure {
  scenario: string;
  reason: string;
}

export interface ConformanceRun {
  /** The CLI's exit code (null when it was killed). */
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
  scenarios: ConformanceScenarioResult[];
  passed: string[];
  failed: string[];
  /** Failed but not in the expected-failures file. */
  unexpectedFailures: string[];
  /** In the expected-failures file but passed (the CLI fails the run for these too). */
  staleExpectedFailures: string[];
}

export interface ConformanceOptions {
  /** The streamable HTTP endpoint, e.g. http://127.0.0.1:PORT/api/mcp. */
  url: string;
  /** One scenario, or a suite (default `all`: every server scenario, the pending ones included). */
  scenario?: string;
  suite?: 'active' | 'all' | 'pending';
  /** Passed to the CLI as --expected-failures and used for unexpectedFailures/staleExpectedFailures. */
  expectedFailuresFile?: string;
  /** The whole run is killed after this long (default 120 s; a healthy run takes a few seconds). */
  timeoutMs?: number;
}

/** The installed CLI (never fetched at run time). */
export function conformanceCliPath(): string {
  const pkgFile = requireHere.resolve('@modelcontextprotocol/conformance/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(pkgFile), pkg.bin.conformance!);
}

export interface ProcessResult {
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node <script> ...args` in its own process group and kills the whole group (grandchildren too)
 * when it outlives the timeout. NODE_OPTIONS is dropped: jest's flags are not the tool's.
 */
export function runNodeScript(script: string, args: string[], options: { timeoutMs: number; cwd?: string }): Promise<ProcessResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  delete env.NODE_OPTIONS;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // The tool is done: nothing it started may outlive it.
      killGroup();
      resolve({ exitCode: code, timedOut, durationMs: Date.now() - started, stdout, stderr });
    });
  });
}

/** The server scenarios this version of the suite has (`conformance list --server`). */
export async function listServerScenarios(timeoutMs = 30_000): Promise<string[]> {
  const result = await runNodeScript(conformanceCliPath(), ['list', '--server'], { timeoutMs });
  if (result.exitCode !== 0) throw new Error(`conformance list --server exited with ${result.exitCode}${result.timedOut ? ' (timed out)' : ''}: ${result.stderr}`);
  return [...result.stdout.matchAll(/^\s+- (\S+)$/gm)].map((m) => m[1]!);
}

/**
 * Reads an expected-failures file: the `server:` list, each entry with its reason as a trailing
 * comment (`- tools-call-image # needs the suite's fixture tool test_image_content`). An entry
 * without a reason, a duplicate, or anything but a list of names is an error.
 */
export function readExpectedFailures(file: string): ExpectedFailure[] {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
  const list = doc.get('server');
  if (!isSeq(list)) throw new Error(`${file}: expected a 'server:' list of scenario names`);
  const seen = new Set<string>();
  return list.items.map((item, index) => {
    if (!isScalar(item) || typeof item.value !== 'string') throw new Error(`${file}: server[${index}] is not a scenario name`);
    const scenario = item.value;
    const reason = item.comment?.trim() ?? '';
    if (!reason) throw new Error(`${file}: ${scenario} has no reason (a trailing # comment on its line)`);
    if (seen.has(scenario)) throw new Error(`${file}: ${scenario} is listed twice`);
    seen.add(scenario);
    return { scenario, reason };
  });
}

const RESULT_DIR = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

function readResults(dir: string): ConformanceScenarioResult[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const scenario = RESULT_DIR.exec(name)?.[1];
      if (!scenario) return [];
      const file = path.join(dir, name, 'checks.json');
      const checks: ConformanceCheck[] = existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceCheck[])
        : [{ id: scenario, name: scenario, description: 'The scenario threw before it wrote checks.json (see the run output)', status: 'FAILURE' }];
      return [{ scenario, checks, passed: !checks.some((c) => c.status === 'FAILURE' || c.status === 'WARNING') }];
    });
}

/** Runs the suite (or one scenario) against `url` and reads back every scenario's checks. */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceRun> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'mcp-conformance-'));
  try {
    const args = ['server', '--url', options.url, '-o', outDir];
    if (options.scenario) args.push('--scenario', options.scenario);
    else args.push('--suite', options.suite ?? 'all');
    if (options.expectedFailuresFile) args.push('--expected-failures', options.expectedFailuresFile);
    const result = await runNodeScript(conformanceCliPath(), args, { timeoutMs: options.timeoutMs ?? 120_000 });
    const scenarios = readResults(outDir);
    const expected = new Set(options.expectedFailuresFile ? readExpectedFailures(options.expectedFailuresFile).map((e) => e.scenario) : []);
    const passed = scenarios.filter((s) => s.passed).map((s) => s.scenario);
    const failed = scenarios.filter((s) => !s.passed).map((s) => s.scenario);
    return {
      ...result,
      scenarios,
      passed,
      failed,
      unexpectedFailures: failed.filter((s) => !expected.has(s)),
      staleExpectedFailures: passed.filter((s) => expected.has(s)),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** A readable account of failed scenarios: their failed and warning checks, for assertion messages. */
export function describeFailures(run: ConformanceRun, scenarios: readonly string[]): string {
  return run.scenarios
    .filter((s) => scenarios.includes(s.scenario))
    .map((s) => {
      const bad = s.checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
      return [`${s.scenario}:`, ...bad.map((c) => `  ${c.status} ${c.id}: ${c.errorMessage ?? c.description}${c.details ? ` ${JSON.stringify(c.details).slice(0, 600)}` : ''}`)].join('\n');
    })
    .join('\n');
}

// Tool names, SEP-986 (2025-11-25): 1 to 64 characters of A-Z a-z 0-9 _ - . /. Suites after 0.1.13 check
// this in tools-list; 0.1.13 only checks that name, description and inputSchema are present.
const TOOL_NAME = /^[A-Za-z0-9_./-]{1,64}$/;

/** Why a tool name breaks SEP-986, or null when it is fine. */
export function toolNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return 'not a string';
  if (name.length < 1 || name.length > 64) return `length ${name.length} is outside 1-64`;
  return TOOL_NAME.test(name) ? null : 'has characters outside [A-Za-z0-9_./-]';
}
