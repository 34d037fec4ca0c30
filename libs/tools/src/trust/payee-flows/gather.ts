import { CHAINS, type ChainName, type ChainSource, type SourceCoverage } from '@paysight/contracts';
import { getAddress, type Address, type Hex } from 'viem';
import { blocksForDays, blocksPerDay, lastBlocks } from '../../shared/activity-window.js';
import { pagesRead, readNewestPages, samplingNotes, type PagesRead } from '../../shared/newest-pages.js';
import { addressTopic, TRANSFER_TOPIC } from '../../shared/erc-events.js';
import { newestFirst, type TokenTransfer } from '../../shared/transfers.js';
import { usdcPaymentsReceived, usdcTransfers } from '../../shared/usdc-payment.js';

/** Documented caps (docs/tools/trust.md): what one call reads and keeps at most. */
export const PAYEE_FLOW_CAPS = {
  /** Blocks of the payment window, whatever timeframe_days asks for. */
  maxWindowBlocks: 2_000_000n,
  /** USDC payments to the payee kept and analysed, the newest first; no older page is read once the pages read hold this many. */
  maxPayments: 2_000,
  /** USDC transfers from the payee kept (where round trips are looked for), the newest first, read the same way. */
  maxOutflows: 2_000,
  /** Days of the first wave of one-day pages; the rest of the window is read in one second wave when the first held fewer transfers than the cap. */
  firstWaveDays: 7,
  /** Payers whose funding is traced, the largest by volume first. */
  maxPayersTraced: 25,
  /** History entries read per traced payer from the explorer. */
  historyLimit: 100,
  /** Round-trip transfers cited in the answer, the newest first; how many were left out is said beside them. */
  maxRoundTripsCited: 50,
  /** Payers drawn in payment_graph, the largest by volume (every traced payer among them), and as many round-trip recipients, the largest returns first; the rest are counted in its `omitted`. */
  maxGraphPayers: 50,
} as const;

/** The first inbound value a payer received: who funded it, and with what. */
export interface FundingRecord {
  payer: Address;
  funder: Address;
  asset: 'native' | 'usdc';
  amount: bigint;
  transactionHash: Hex;
  blockNumber: bigint;
  logIndex: number | null;
  /** False when the payer's history was cut, so an older funding may exist. */
  certain: boolean;
}

export interface FunderFacts {
  address: Address;
  /** Transactions the funder ever sent (its nonce): a busy exchange has millions, a ring's funder a handful. */
  nonce: number;
}

export interface PayeeFlowData {
  chain: ChainName;
  payee: Address;
  coverage: SourceCoverage;
  window: { fromBlock: bigint; toBlock: bigint; days: number; cappedByBlocks: boolean };
  /** USDC transfers to the payee in the window, newest first, at most maxPayments. */
  payments: TokenTransfer[];
  /** USDC transfers from the payee in the window (money flowing back out), newest first, at most maxOutflows. */
  outflows: TokenTransfer[];
  /** What each direction's pages held: transfers seen, the oldest block read, whether every page of the window was read. */
  reads: Record<'payments' | 'outflows', PagesRead>;
  /** What the read caps left out, in plain words (empty when every transfer of the window was kept). */
  sampling: string[];
  fundings: FundingRecord[];
  /** How funders were found: the explorer's full history, or USDC logs in the window only. */
  fundingSource: 'explorer' | 'usdc_logs' | 'none';
  funders: FunderFacts[];
}

function windowFor(chain: ChainName, days: number, head: bigint): PayeeFlowData['window'] {
  const { blocks, capped } = blocksForDays(chain, days, PAYEE_FLOW_CAPS.maxWindowBlocks);
  return { ...lastBlocks(head, blocks), days, cappedByBlocks: capped };
}

/** Payers ordered by what they paid, largest first: the ones worth tracing when not all can be. */
function payersByVolume(payments: readonly TokenTransfer[]): Address[] {
  const volume = new Map<Address, bigint>();
  for (const p of payments) volume.set(p.from, (volume.get(p.from) ?? 0n) + p.amount);
  return [...volume.entries()].sort(([a, x], [b, y]) => (x === y ? a.localeCompare(b) : x > y ? -1 : 1)).map(([payer]) => payer);
}

const older = (a: { blockNumber: bigint; logIndex: number | null }, b: { blockNumber: bigint; logIndex: number | null }) =>
  a.blockNumber !== b.blockNumber ? a.blockNumber < b.blockNumber : (a.logIndex ?? -1) < (b.logIndex ?? -1);

async function fundingFromExplorer(source: ChainSource, chain: ChainName, payer: Address): Promise<FundingRecord | null | 'unavailable'> {
  const answer = await source.getAddressHistory(chain, { address: payer, limit: PAYEE_FLOW_CAPS.historyLimit });
  if (answer.status === 'unavailable') return 'unavailable';
  const { history } = answer;
  const usdc = getAddress(CHAINS[chain].usdc);
  const candidates: FundingRecord[] = [
    ...history.transactions
      .filter((t) => t.to !== null && getAddress(t.to) === payer && t.value > 0n && t.status === 'success')
      .map((t) => ({ payer, funder: getAddress(t.from), asset: 'native' as const, amount: t.value, transactionHash: t.hash, blockNumber: t.blockNumber, logIndex: null, certain: history.complete })),
    ...history.tokenTransfers
      .filter((t) => getAddress(t.to) === payer && getAddress(t.token) === usdc && t.value > 0n)
      .map((t) => ({ payer, funder: getAddress(t.from), asset: 'usdc' as const, amount: t.value, transactionHash: t.transactionHash, blockNumber: t.blockNumber, logIndex: t.logIndex, certain: history.complete })),
  ];
  return candidates.reduce<FundingRecord | null>((first, c) => (first === null || older(c, first) ? c : first), null);
}

/**
 * Reads a payee's USDC payments in the window, what flowed back out of it, and who funded each of its
 * largest payers (the first inbound native or USDC transfer, from the explorer when one is configured,
 * else from USDC logs in the window), then the nonce of every funder.
 */
export async function gatherPayeeFlows(source: ChainSource, chain: ChainName, payeeInput: string, days: number): Promise<PayeeFlowData> {
  const payee = getAddress(payeeInput);
  const usdc = getAddress(CHAINS[chain].usdc);
  const head = await source.getBlockNumber(chain);
  const window = windowFor(chain, days, head);
  const range = { fromBlock: window.fromBlock, toBlock: window.toBlock };
  const perDay = blocksPerDay(chain);
  // One-day pages on the wallet tools' grid (the preflight reads the same pages, so settled ones are cache hits), newest first:
  // the first week, then the rest of the window together. Each query names the payee in an indexed topic: sparse.
  const pages = (maxEntries: number) => ({ pageBlocks: perDay, firstWavePages: PAYEE_FLOW_CAPS.firstWaveDays + 1, wavePages: Number.POSITIVE_INFINITY, maxEntries });
  const payeeLogs = (topics: (Hex | null)[]) => (page: { fromBlock: bigint; toBlock: bigint }) => source.getLogs(chain, { address: usdc, topics, ...page, sparse: true });
  const [toPayee, fromPayee] = [payeeLogs([TRANSFER_TOPIC, null, addressTopic(payee)]), payeeLogs([TRANSFER_TOPIC, addressTopic(payee)])];
  const [paymentsRead, outflowsRead] = await Promise.all([
    readNewestPages(range, pages(PAYEE_FLOW_CAPS.maxPayments), async (page) => usdcPaymentsReceived(await toPayee(page), usdc, payee), newestFirst),
    readNewestPages(range, pages(PAYEE_FLOW_CAPS.maxOutflows), async (page) => usdcTransfers(await fromPayee(page), usdc).filter((t) => t.to !== payee && t.amount > 0n), newestFirst),
  ]);
  const payments = paymentsRead.entries;
  const outflows = outflowsRead.entries;

  const traced = payersByVolume(payments).slice(0, PAYEE_FLOW_CAPS.maxPayersTraced);
  let fundingSource: PayeeFlowData['fundingSource'] = traced.length ? 'explorer' : 'none';
  const fromExplorer = await Promise.all(traced.map((payer) => fundingFromExplorer(source, chain, payer)));
  let fundings: FundingRecord[];
  if (fromExplorer.some((f) => f === 'unavailable')) {
    fundingSource = 'usdc_logs';
    // Names the traced payers (a short list) in an indexed topic: sparse. Its answer is every USDC transfer to them in the window.
    const logs = await source.getLogs(chain, { address: usdc, topics: [TRANSFER_TOPIC, null, traced.map(addressTopic)], ...range, sparse: true });
    const firstIn = new Map<Address, TokenTransfer>();
    for (const t of usdcTransfers(logs, usdc)) {
      const seen = firstIn.get(t.to);
      if (t.amount > 0n && (!seen || older(t, seen))) firstIn.set(t.to, t);
    }
    fundings = [...firstIn.values()].map((t) => ({ payer: t.to, funder: t.from, asset: 'usdc', amount: t.amount, transactionHash: t.transactionHash, blockNumber: t.blockNumber, logIndex: t.logIndex, certain: false }));
  } else {
    fundings = fromExplorer.filter((f): f is FundingRecord => f !== null && f !== 'unavailable');
  }

  const funderAddresses = [...new Set(fundings.map((f) => f.funder))].filter((f) => f !== payee);
  const nonces = await Promise.all(funderAddresses.map((address) => source.getTransactionCount(chain, address)));
  const funders = funderAddresses.map((address, i) => ({ address, nonce: nonces[i] ?? 0 }));
  return {
    chain,
    payee,
    coverage: source.coverage(chain),
    window,
    payments,
    outflows,
    reads: { payments: pagesRead(paymentsRead), outflows: pagesRead(outflowsRead) },
    sampling: [
      ...samplingNotes('USDC payments to the payee', range, paymentsRead, perDay, PAYEE_FLOW_CAPS.maxPayments),
      ...samplingNotes('USDC transfers from the payee', range, outflowsRead, perDay, PAYEE_FLOW_CAPS.maxOutflows),
    ],
    fundings,
    fundingSource,
    funders,
  };
}
