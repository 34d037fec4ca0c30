import { seededRandom, unit } from './random.js';

/** One step of the plan, compiled for the simulation loop (index = position in run order). */
export interface Step {
  id: string;
  provider: string;
  /** Micro-USDC per attempt. An integer below 10^12 (the schema's bound), so every sum below stays an exact integer. */
  price: number;
  successThreshold: number;
  minMs: number;
  modeMs: number;
  maxMs: number;
  maxRetries: number;
  backoffMs: number;
  optional: boolean;
  chargeFailedAttempts: boolean;
  /** Run-order positions of the steps this one waits for (always earlier). */
  dependsOn: number[];
}

export interface SimulationRuns {
  runs: number;
  /** Per run: micro-USDC paid (an exact integer) and milliseconds until the last step that ran finished. */
  cost: Float64Array;
  latency: Float64Array;
  /** Runs in which every required step succeeded. */
  successes: number;
  /** Runs in which every step succeeded (completed), only optional ones failed or were skipped (partial), a required one did not succeed (failed). */
  outcomes: { completed: number; partial: number; failed: number };
  /** Per step: runs in which it started, in which it failed after its retries, attempts paid, runs on the critical path. */
  started: Int32Array;
  failed: Int32Array;
  paidAttempts: Float64Array;
  critical: Int32Array;
}

/**
 * One attempt's latency from the triangular distribution (min, mode, max) by inverting its CDF. Only
 * +, -, *, / and sqrt, which IEEE 754 rounds exactly, so a sample is the same on every platform.
 */
export function triangular(step: Pick<Step, 'minMs' | 'modeMs' | 'maxMs'>, u: number): number {
  const { minMs: a, modeMs: c, maxMs: b } = step;
  if (b === a) return a;
  const split = (c - a) / (b - a);
  return u < split ? a + Math.sqrt(u * (b - a) * (c - a)) : b - Math.sqrt((1 - u) * (b - a) * (b - c));
}

/** The work of one run, in loop steps: every attempt that can happen, every dependency read. Bounds the number of runs. */
export const workPerRun = (steps: readonly Step[]) => steps.reduce((sum, s) => sum + 2 + s.maxRetries + s.dependsOn.length, 0);

/**
 * `runs` seeded runs of the plan. Per run, steps go in run order: a step whose dependencies all
 * succeeded starts when the last of them finished, else it is skipped (never started, nothing
 * paid). Each attempt draws a success (below the step's threshold) and a latency; a failed attempt
 * waits backoffMs and tries again while retries remain. The run's latency is the latest finish of
 * the steps that ran; walking back through the dependency that finished last marks its critical
 * path. O(runs x (steps + attempts + dependencies)).
 */
export function simulate(steps: readonly Step[], seed: number, runs: number): SimulationRuns {
  const n = steps.length;
  const random = seededRandom(seed);
  const finish = new Float64Array(n);
  const succeeded = new Uint8Array(n);
  const out: SimulationRuns = {
    runs,
    cost: new Float64Array(runs),
    latency: new Float64Array(runs),
    successes: 0,
    outcomes: { completed: 0, partial: 0, failed: 0 },
    started: new Int32Array(n),
    failed: new Int32Array(n),
    paidAttempts: new Float64Array(n),
    critical: new Int32Array(n),
  };
  for (let run = 0; run < runs; run++) {
    let cost = 0;
    let last = -1;
    let requiredFailed = false;
    let optionalFailed = false;
    for (let k = 0; k < n; k++) {
      const step = steps[k]!;
      let start = 0;
      let ready = true;
      for (const d of step.dependsOn) {
        if (!succeeded[d]) ready = false;
        else if (finish[d]! > start) start = finish[d]!;
      }
      succeeded[k] = 0;
      if (!ready) {
        if (step.optional) optionalFailed = true;
        else requiredFailed = true;
        continue;
      }
      out.started[k]!++;
      let time = start;
      for (let attempt = 0; attempt <= step.maxRetries; attempt++) {
        const success = random.next() < step.successThreshold;
        time += triangular(step, unit(random.next()));
        if (success || step.chargeFailedAttempts) {
          cost += step.price;
          out.paidAttempts[k]!++;
        }
        if (success) {
          succeeded[k] = 1;
          break;
        }
        if (attempt < step.maxRetries) time += step.backoffMs;
      }
      finish[k] = time;
      if (!succeeded[k]) {
        out.failed[k]!++;
        if (step.optional) optionalFailed = true;
        else requiredFailed = true;
      }
      if (last === -1 || time > finish[last]!) last = k;
    }
    out.cost[run] = cost;
    out.latency[run] = last === -1 ? 0 : finish[last]!;
    if (requiredFailed) out.outcomes.failed++;
    else {
      out.successes++;
      if (optionalFailed) out.outcomes.partial++;
      else out.outcomes.completed++;
    }
    // The critical path: from the step that finished last, back through the dependency each one waited for longest.
    for (let k = last; k !== -1; ) {
      out.critical[k]!++;
      let previous = -1;
      for (const d of steps[k]!.dependsOn) if (previous === -1 || finish[d]! > finish[previous]!) previous = d;
      k = previous;
    }
  }
  return out;
}
