import { CHAINS } from '@paysight/contracts';
import { approvalIsOwn, movementAgency } from '../../src/risk/agency.js';
import { riskContext } from '../../src/risk/context.js';
import { addr, hash, history, internal, logTransfer, tx, WALLET, walletEvidence, type EvidenceOverrides } from '../support/evidence.js';

const POOL = '0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc';
const METAMASK = '0x63c0c19a282a1b52b07dd5a65b58948a07dae32b';
const [STRANGER, RELAYER, SPENDER] = [addr('dead'), addr('4e1a'), addr('5be4')];
const USDC = CHAINS.ethereum.usdc;

/** The agency of the only movement of the evidence. */
function agencyOf(over: EvidenceOverrides): string {
  const context = riskContext(walletEvidence(over));
  expect(context.activity.movements).toHaveLength(1);
  return movementAgency(context.activity, context.activity.movements[0]!, context.codeActs);
}

describe('who acted in a movement', () => {
  it('is the wallet when it sent the transaction, or sent coin at all', () => {
    expect(agencyOf({ history: history({ transactions: [tx({ hash: hash(1), from: WALLET, to: STRANGER, value: 1n })] }) })).toBe('own');
    expect(agencyOf({ history: null, snapshot: { transfers: [logTransfer({ transactionHash: hash(2), from: STRANGER, to: WALLET })] }, transactionParties: { [hash(2)]: { from: WALLET, to: USDC, type: null } } })).toBe('own');
  });

  it('is not the wallet for what arrives unasked, a zero-value transfer out that someone else sent, or value pulled out by someone else', () => {
    expect(agencyOf({ history: history({ transactions: [tx({ hash: hash(1), from: STRANGER, to: WALLET, value: 1n })] }) })).toBe('unsolicited');
    const out = (amount: bigint) => ({ history: null, snapshot: { transfers: [logTransfer({ transactionHash: hash(3), from: WALLET, to: STRANGER, amount })] }, transactionParties: { [hash(3)]: { from: SPENDER, to: USDC, type: null } } });
    expect(agencyOf(out(0n))).toBe('spoofed');
    expect(agencyOf(out(5n))).toBe('pulled');
    expect(agencyOf({ history: null, snapshot: { transfers: [logTransfer({ transactionHash: hash(4), from: WALLET, to: STRANGER })] } })).toBe('unknown');
  });

  it('takes a non-dust mixer payout in a call to the pool as a withdrawal, and dust or a payout in another call as unsolicited', () => {
    const payout = (to: string, value: bigint) => ({ history: history({ internalTransfers: [internal({ transactionHash: hash(5), from: POOL, to: WALLET, value })] }), transactionParties: { [hash(5)]: { from: RELAYER, to: to as `0x${string}`, type: null } } });
    expect(agencyOf(payout(POOL, 10n ** 17n))).toBe('withdrawal');
    expect(agencyOf(payout(POOL, 10n ** 13n))).toBe('unsolicited');
    expect(agencyOf(payout(STRANGER, 10n ** 17n))).toBe('unsolicited');
  });

  it('separates a contract serving its caller from a contract paying a third party, and a smart account paying its relayer from a served call', () => {
    const paid = (code: `0x${string}`, to: string) => ({
      snapshot: { code },
      history: history({ internalTransfers: [internal({ transactionHash: hash(6), from: WALLET, to: to as `0x${string}`, value: 10n ** 17n })] }),
      transactionParties: { [hash(6)]: { from: RELAYER, to: WALLET, type: null } },
    });
    expect(agencyOf(paid('0x6080604052', RELAYER))).toBe('served');
    expect(agencyOf(paid('0x6080604052', STRANGER))).toBe('own');
    const smartAccount = `0xef0100${METAMASK.slice(2)}` as const;
    expect(agencyOf(paid(smartAccount, RELAYER))).toBe('own');
    expect(agencyOf(paid(`0xef0100${addr('5eeb').slice(2).toLowerCase()}`, STRANGER))).toBe('pulled');
  });

  it('takes an approval as the wallet\'s act when it sent it, or a permit of a genuine token, never a forged Approval of a spam token', () => {
    const event = (token: `0x${string}`, foundIn: 'logs' | 'receipt' = 'logs') => ({ transactionHash: hash(7), logIndex: 0, token, foundIn });
    const context = riskContext(walletEvidence({ transactionParties: { [hash(7)]: { from: STRANGER, to: USDC, type: null } } }));
    expect(approvalIsOwn(context.activity, event(USDC))).toBe(true);
    expect(approvalIsOwn(context.activity, event(addr('fa4e')))).toBe(false);
    expect(approvalIsOwn(context.activity, event(addr('fa4e'), 'receipt'))).toBe(true);
  });
});
