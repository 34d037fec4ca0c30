import { SessionBudget } from './budget.js';

const settlement = { transaction: '0xabc', network: 'eip155:8453', payer: '0xpayer' };
const at = new Date('2026-11-24T12:00:00.000Z');
const budget = (perCall: bigint, perSession: bigint) => new SessionBudget({ perCall, perSession }, () => at);
const held = (b: SessionBudget, price: bigint) => {
  const result = b.reserve('svc_tool', price);
  if (!('reservation' in result)) throw new Error(`refused: ${JSON.stringify(result.refusal, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
  return result.reservation;
};

describe('SessionBudget', () => {
  it('refuses a price above the per-call cap, whatever the session has left', () => {
    expect(budget(250_000n, 2_000_000n).reserve('svc_tool', 250_001n)).toEqual({ refusal: { cap: 'per_call', price: 250_001n, limit: 250_000n } });
  });

  it('holds in-flight amounts against the session cap, so calls at the same moment cannot overshoot it', () => {
    const b = budget(10_000n, 25_000n);
    held(b, 10_000n);
    held(b, 10_000n);
    expect(b.reserve('svc_tool', 10_000n)).toEqual({ refusal: { cap: 'per_session', price: 10_000n, limit: 25_000n, remaining: 5_000n } });
    expect(b.report()).toMatchObject({ spent: '0.00', inFlight: '0.02', remaining: '0.005' });
  });

  it('counts a settled payment as spent, frees a released one, and keeps an unconfirmed one counted', () => {
    const b = budget(10_000n, 100_000n);
    expect(held(b, 10_000n).settled(settlement)).toEqual({ tool: 'svc_tool', amount: '0.01', ...settlement, at: at.toISOString() });
    held(b, 10_000n).released();
    held(b, 10_000n).unconfirmed('the connection was lost');
    expect(b.report()).toEqual({
      currency: 'USDC',
      perCallCap: '0.01',
      sessionCap: '0.10',
      spent: '0.01',
      inFlight: '0.00',
      unconfirmed: '0.01',
      remaining: '0.08',
      payments: [{ tool: 'svc_tool', amount: '0.01', ...settlement, at: at.toISOString() }],
      unconfirmedPayments: [{ tool: 'svc_tool', amount: '0.01', reason: 'the connection was lost', at: at.toISOString() }],
    });
  });

  it('ends a reservation once', () => {
    const reservation = held(budget(10_000n, 100_000n), 10_000n);
    reservation.released();
    expect(() => reservation.settled(settlement)).toThrow('already ended');
  });
});
