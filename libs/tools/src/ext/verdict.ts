import { atomicToDecimal, decimalToAtomic, type CatalogEntry, type ExtendedReason, type RequestOf, type ResultOf } from '@paysight/contracts';
import { defineToolModule, type AnalyzeContext, type ToolMetadata, type ToolModule, type ToolOutput } from '../tool-module.js';

/** USDC decimal string -> micro-units (exact; the schemas have checked the format). */
export const micro = (decimal: string): bigint => BigInt(decimalToAtomic(decimal));
/** Micro-units -> the shortest USDC decimal string. */
export const usdc = (atomic: bigint): string => atomicToDecimal(atomic);

export type Severity = ExtendedReason['severity'];

/** The first ten items of a list for a reason's message, with the full count when there are more. */
export const listed = (items: readonly string[]): string => `${items.slice(0, 10).join(', ')}${items.length > 10 ? `, ... (${items.length})` : ''}`;

/** Points a reason adds to riskScore, by severity (docs/tools/ext.md, "Decisions and riskScore"). */
const POINTS: Record<Severity, number> = { critical: 40, warning: 15, info: 0 };
const BLOCK_FLOOR = 70;

/** The reasons found so far, in the order the rules ran. */
export class Reasons {
  readonly list: ExtendedReason[] = [];
  add(code: string, severity: Severity, message: string): void {
    this.list.push({ code, message, severity });
  }
  has(severity: Severity): boolean {
    return this.list.some((r) => r.severity === severity);
  }
  /** block on any critical reason, else review on any warning, else allow. */
  decide(): 'block' | 'review' | 'allow' {
    return this.has('critical') ? 'block' : this.has('warning') ? 'review' : 'allow';
  }
  /** The envelope fields every extended tool answers from its reasons. */
  verdict<D extends string>(decision: D, summary: string): { decision: D; riskScore: number; summary: string; reasons: ExtendedReason[] } {
    return { decision, riskScore: this.riskScore(decision), summary, reasons: this.list };
  }
  /** min(100, 40 per critical and 15 per warning reason), at least 70 when the decision is block. */
  riskScore(decision: string): number {
    const points = this.list.reduce((sum, r) => sum + POINTS[r.severity], 0);
    return Math.min(100, decision === 'block' ? Math.max(BLOCK_FLOOR, points) : points);
  }
}

/** What every extended tool says about its data: it read nothing but the request. */
export function requestOnlyMetadata(limitations: string[]): ToolMetadata {
  return {
    dataSourceStatus: 'Live',
    dataNotes: ['Computed from the request alone: no chain, store or network was read, and no URL or identifier in it was contacted.'],
    limitations,
  };
}

/**
 * An extended tool is a pure function of its request: no chain to read, nothing to gather. Its
 * module is its catalog entry and that function.
 */
export function defineRequestOnlyTool<E extends CatalogEntry>(
  entry: E,
  analyze: (input: RequestOf<E>, context: AnalyzeContext) => ToolOutput<ResultOf<E>>,
): ToolModule<E> {
  return defineCheckedRequestTool(entry, () => Promise.resolve(null), (input, _checks, context) => analyze(input, context));
}

/**
 * A request-only tool whose analysis needs asynchronous work on the request first (signature
 * recovery with viem is asynchronous): `check` does it from the request alone, in the gather step,
 * and `analyze` stays a pure function of the request and the checks' outcome.
 */
export function defineCheckedRequestTool<E extends CatalogEntry, Checks>(
  entry: E,
  check: (input: RequestOf<E>) => Promise<Checks>,
  analyze: (input: RequestOf<E>, checks: Checks, context: AnalyzeContext) => ToolOutput<ResultOf<E>>,
): ToolModule<E> {
  return defineToolModule<E, Checks>(entry, { chains: () => [], gather: (input) => check(input), analyze });
}
