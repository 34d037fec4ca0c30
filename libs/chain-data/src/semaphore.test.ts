import { Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('never runs more than its limit at once, and runs every task', async () => {
    const semaphore = new Semaphore(3);
    let running = 0;
    let most = 0;
    let finished = 0;
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) =>
      semaphore.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        finished += 1;
        return i;
      }),
    );
    // Release the waiting tasks one by one until all have run.
    while (finished < 10) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
  });

  it('frees the slot of a task that throws', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
