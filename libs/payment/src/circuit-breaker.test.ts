import { CircuitOpenError, createCircuitBreaker } from './circuit-breaker.js';

describe('circuit breaker', () => {
  let time: number;
  const breaker = () => createCircuitBreaker({ failureThreshold: 3, cooldownMs: 1_000, now: () => time });
  const ok = () => Promise.resolve('answer');
  const fail = () => Promise.reject(new Error('no answer'));
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof CircuitOpenError ? `refused ${error.retryAfterMs}` : 'failed'),
    );

  beforeEach(() => {
    time = 10_000;
  });

  it('opens after the configured number of consecutive failures, and refuses without calling', async () => {
    const b = breaker();
    for (let i = 0; i < 2; i++) expect(await outcome(b.run(fail))).toBe('failed');
    expect(b.state()).toBe('closed');
    expect(await outcome(b.run(fail))).toBe('failed');
    expect(b.state()).toBe('open');
    const task = jest.fn(ok);
    time += 400;
    expect(await outcome(b.run(task))).toBe('refused 600');
    expect(task).not.toHaveBeenCalled();
  });

  it('counts only consecutive failures: an answer in between resets the count', async () => {
    const b = breaker();
    await outcome(b.run(fail));
    await outcome(b.run(fail));
    expect(await outcome(b.run(ok))).toBe('ok');
    await outcome(b.run(fail));
    await outcome(b.run(fail));
    expect(b.state()).toBe('closed');
  });

  it('counts failures per kind: answers of one kind do not hide a kind that keeps failing', async () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) {
      expect(await outcome(b.run(ok, 'verify'))).toBe('ok');
      expect(await outcome(b.run(fail, 'settle'))).toBe('failed');
    }
    expect(b.state()).toBe('open');
    expect(await outcome(b.run(ok, 'verify'))).toBe('refused 1000');
  });

  it('half-opens after the cool-down, lets one trial through and closes when it succeeds', async () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) await outcome(b.run(fail));
    time += 1_000;
    expect(b.state()).toBe('half_open');
    let finishTrial!: (value: string) => void;
    const trial = b.run(() => new Promise<string>((resolve) => (finishTrial = resolve)));
    const second = jest.fn(ok);
    expect(await outcome(b.run(second))).toBe('refused 1000');
    expect(second).not.toHaveBeenCalled();
    finishTrial('answer');
    await expect(trial).resolves.toBe('answer');
    expect(b.state()).toBe('closed');
    expect(await outcome(b.run(ok))).toBe('ok');
  });

  it('a failed trial opens the breaker for another full cool-down', async () => {
    const b = breaker();
    for (let i = 0; i < 3; i++) await outcome(b.run(fail));
    time += 1_500;
    expect(await outcome(b.run(fail))).toBe('failed');
    expect(b.state()).toBe('open');
    time += 999;
    expect(await outcome(b.run(ok))).toBe('refused 1');
    time += 1;
    expect(await outcome(b.run(ok))).toBe('ok');
    expect(b.state()).toBe('closed');
  });

  it('outcomes of calls admitted before it opened do not close or reopen it: only the trial decides', async () => {
    const b = breaker();
    let finishLate!: () => void;
    const late = b.run(() => new Promise<void>((resolve) => (finishLate = resolve)));
    for (let i = 0; i < 3; i++) await outcome(b.run(fail));
    finishLate();
    await late;
    expect(b.state()).toBe('open');
  });
});
