import { CHAINS, type ChainName, type ChainSource } from '@paysight/contracts';
import { requestedChain } from '../../shared/free-chain.js';
import { SANCTIONS_ORACLES } from '@paysight/datasets';
import type { Address, Hex } from 'viem';
import { ACTIVITY_READ_LIMITS, activityWindow, blocksPerDay } from '../../shared/activity-window.js';
import { pagesRead, readNewestPages, samplingNotes } from '../../shared/newest-pages.js';
import { TRANSFER_TOPIC, addressTopic } from '../../shared/erc-events.js';
import { ReadPlan } from '../../shared/read-plan.js';
import { decodeTransferLog, newestFirst, uniqueTransfers } from '../../shared/transfers.js';
import type { ToolPorts } from '../../tool-module.js';
import { SANCTIONS_ORACLE_ABI } from '../../wallet/evidence/events.js';
import { latestBlock, readBlockTimestamps } from '../../wallet/snapshot/gather.js';
import type { OracleAnswers, PaymentPreflightData, PaymentPreflightInput } from './data.js';

/** The USDC window is the wallet tools' deep window: 30 days, read in one-day pages, newest first, and kept to the newest ACTIVITY_READ_LIMITS.deep.maxTransfers transfers. */
export const PREFLIGHT_WINDOW_DEPTH = 'deep';
/** Most USDC counterparties (besides the payee) put to the sanctions oracle, newest first. */
export const ORACLE_COUNTERPARTY_CHECKS = 25;


/**
 * Reads the payee's code and nonce and its USDC transfer logs in the window (never resource_url nor any
 * caller URL), then asks the sanctions oracle about the payee and its counterparties in one round trip.
 */
export async function gatherPaymentPreflight(input: PaymentPreflightInput, { chain: source }: ToolPorts): Promise<PaymentPreflightData> {
  const chain = requestedChain(input.chain);
  const { payee } = input;
  const usdc = CHAINS[chain].usdc;
  const head = await latestBlock(source, chain);
  const window = activityWindow(chain, PREFLIGHT_WINDOW_DEPTH, head.number);
  const topic = addressTopic(payee);
  const oracleEntry = SANCTIONS_ORACLES.onChain(chain)[0] ?? null;
  const perDay = blocksPerDay(chain);
  const { maxTransfers } = ACTIVITY_READ_LIMITS[PREFLIGHT_WINDOW_DEPTH];
  // Each query names the payee in an indexed topic: sparse, so the adapter asks for a page whole.
  const readPage = async (range: { fromBlock: bigint; toBlock: bigint }) => {
    const [sent, received] = await Promise.all([
      source.getLogs(chain, { address: usdc, ...range, topics: [TRANSFER_TOPIC, topic], sparse: true }),
      source.getLogs(chain, { address: usdc, ...range, topics: [TRANSFER_TOPIC, null, topic], sparse: true }),
    ]);
    return uniqueTransfers([...sent, ...received].flatMap(decodeTransferLog));
  };
  // The newest week first (a busy payee stops there), then every older page together: at most two stages of pages.
  const pages = { pageBlocks: perDay, firstWavePages: ACTIVITY_READ_LIMITS[PREFLIGHT_WINDOW_DEPTH].waveDays + 1, wavePages: Number.POSITIVE_INFINITY, maxEntries: maxTransfers };
  const [payeeCode, payeeNonce, read, oracleCode] = await Promise.all([
    source.getCode(chain, payee, head.number),
    source.getTransactionCount(chain, payee, head.number),
    readNewestPages(window, pages, readPage, newestFirst),
    oracleEntry ? source.getCode(chain, oracleEntry.address, head.number) : null,
  ]);
  const transfers = read.entries;
  const ends = transfers.length ? [transfers[0]!, transfers[transfers.length - 1]!] : [];

  const [oracle, blockTimestamps] = await Promise.all([
    oracleEntry ? askOracle(source, chain, oracleEntry.address, oracleCode, [payee, ...counterparties(payee, transfers).slice(0, ORACLE_COUNTERPARTY_CHECKS)], head.number) : null,
    readBlockTimestamps(source, chain, ends),
  ]);
  return { chain, coverage: source.coverage(chain), head: { number: head.number, timestamp: head.timestamp }, window, usdc, payeeCode, payeeNonce, transfers, read: pagesRead(read), sampling: samplingNotes('USDC transfers', window, read, perDay, maxTransfers), blockTimestamps, oracle };
}

async function askOracle(source: ChainSource, chain: ChainName, address: Address, code: Hex | null, targets: Address[], block: bigint): Promise<OracleAnswers> {
  const deployed = code !== null && code !== '0x';
  const plan = new ReadPlan();
  const handles = deployed ? targets.map((target) => ({ target, handle: plan.add({ address, abi: SANCTIONS_ORACLE_ABI, functionName: 'isSanctioned', args: [target] }) })) : [];
  await plan.execute(source, chain, block);
  const listed: Record<string, boolean> = {};
  for (const { target, handle } of handles) {
    const answer = plan.value<boolean>(handle);
    if (answer !== null) listed[target.toLowerCase()] = answer;
  }
  return { address, deployed, listed };
}

/** The payee's USDC counterparties, newest first, each once. */
export function counterparties(payee: Address, transfers: readonly { from: Address; to: Address }[]): Address[] {
  const seen = new Map<string, Address>();
  for (const t of transfers) {
    const other = t.from.toLowerCase() === payee.toLowerCase() ? t.to : t.from;
    if (other.toLowerCase() !== payee.toLowerCase() && !seen.has(other.toLowerCase())) seen.set(other.toLowerCase(), other);
  }
  return [...seen.values()];
}
