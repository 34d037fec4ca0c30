import { type Address, getAddress, type Hex, type TransactionReceipt } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainHandle } from '../chain/client.js';
import { Ledger } from './ledger.js';
import { describeRevert, replayRevert, type RevertCause } from './revert.js';
import { stepTimestamps } from './schedule.js';
import { planTransaction, type PlannedTransaction } from './transactions.js';
import type { ChainScenario, ScenarioContract, ScenarioPlan, ScenarioTransaction, Step } from './types.js';
import { type KnownContract, World } from './world.js';

// Max fee = priority fee: every seeded transaction pays exactly this per gas, whatever the base fee.
const SEED_FEE_PER_GAS = 2_000_000_000n;

/**
 * Runs a plan on a fresh chain, one transaction per block, back-dated over the history window that
 * ends before `now`, then mines one empty block at the wall clock so the chain continues from the
 * present. Returns what is on the chain: addresses, transactions and the expected balances.
 */
export async function seedChain(
  handle: ChainHandle,
  plan: ScenarioPlan,
  contracts: Readonly<Record<string, KnownContract>>,
  now: number,
): Promise<ChainScenario> {
  const world = new World(plan.wallets, contracts);
  assertUniqueNames(plan.steps);
  const times = stepTimestamps(plan.steps, now);
  const ledger = new Ledger();
  for (const [, account] of world.walletEntries()) {
    ledger.setNative(account.address, await handle.client.getBalance({ address: account.address }));
  }

  const nonces = new Map<Address, number>();
  const transactions: Record<string, ScenarioTransaction> = {};
  for (const [index, step] of plan.steps.entries()) {
    try {
      const sender = world.wallet(step.from);
      const nonce = nonces.get(sender.address) ?? (await handle.client.getTransactionCount({ address: sender.address }));
      const planned = await planTransaction(step, { world, chainId: handle.chain.id, sender, nonce });
      const raw = await privateKeyToAccount(sender.privateKey).signTransaction({
        chainId: handle.chain.id,
        type: 'eip1559',
        nonce,
        to: planned.to,
        data: planned.data,
        value: planned.value,
        gas: planned.gas,
        maxFeePerGas: SEED_FEE_PER_GAS,
        maxPriorityFeePerGas: SEED_FEE_PER_GAS,
      });
      await handle.provider.request({ method: 'evm_setNextBlockTimestamp', params: [times[index]] });
      const hash = (await handle.provider.request({ method: 'eth_sendRawTransaction', params: [raw] })) as Hex;
      const receipt = await handle.client.getTransactionReceipt({ hash });
      nonces.set(sender.address, nonce + 1);
      ledger.chargeGas(sender.address, receipt.gasUsed * receipt.effectiveGasPrice);

      const cause = await checkOutcome(handle, step, planned, sender.address, receipt);
      if (receipt.status === 'success') planned.apply(ledger, world);
      transactions[step.name] = {
        hash,
        kind: step.kind,
        from: sender.address,
        to: planned.to,
        ...(receipt.contractAddress ? { contractAddress: getAddress(receipt.contractAddress) } : {}),
        blockNumber: Number(receipt.blockNumber),
        status: receipt.status,
        ...(cause?.reason !== undefined && { revertReason: cause.reason }),
        ...(cause?.error !== undefined && { revertError: cause.error }),
      };
    } catch (error) {
      throw new Error(`seeding ${handle.name}, step ${step.name}: ${(error as Error).message}`, { cause: error });
    }
  }
  await mineAtWallClock(handle);
  return publish(world, ledger, transactions);
}

function assertUniqueNames(steps: readonly Step[]): void {
  const seen = new Set<string>();
  for (const step of steps) {
    if (seen.has(step.name)) throw new Error(`the scenario names two steps "${step.name}"`);
    seen.add(step.name);
  }
}

/** Null for a success; the revert cause when the step was meant to revert and did, as expected. */
async function checkOutcome(
  handle: ChainHandle,
  step: Step,
  planned: PlannedTransaction,
  from: Address,
  receipt: TransactionReceipt,
): Promise<RevertCause | null> {
  if (receipt.status === 'success') {
    if (step.reverts) throw new Error(`expected a revert with ${describeRevert(step.reverts)}, but it succeeded`);
    return null;
  }
  const cause = await replayRevert(handle.provider, { from, ...planned }, receipt.blockNumber, planned.abi);
  if (!step.reverts) throw new Error(`reverted with ${describeRevert(cause)}`);
  const expected = step.reverts;
  const matches = 'reason' in expected ? cause.reason === expected.reason : cause.error === expected.error;
  if (!matches) throw new Error(`expected a revert with ${describeRevert(expected)}, got ${describeRevert(cause)}`);
  return cause;
}

/** x402 authorizations carry wall-clock validity: after seeding, blocks must follow the real time again. */
async function mineAtWallClock(handle: ChainHandle): Promise<void> {
  const head = await handle.client.getBlock();
  const wallClock = Math.max(Math.floor(Date.now() / 1000), Number(head.timestamp));
  await handle.provider.request({ method: 'evm_setNextBlockTimestamp', params: [wallClock] });
  await handle.provider.request({ method: 'evm_mine', params: [] });
}

/** The plain-JSON account of a seeded chain: names, addresses, transactions and expected balances. */
function publish(world: World, ledger: Ledger, transactions: Record<string, ScenarioTransaction>): ChainScenario {
  const contractEntries = world.contractEntries();
  const tokenIds = contractEntries.filter(([, c]) => ['usdc', 'erc20', 'wrapped-native'].includes(c.kind)).map(([id]) => id);
  const collectionIds = contractEntries.filter(([, c]) => c.kind === 'erc721').map(([id]) => id);
  const wallets: ChainScenario['wallets'] = {};
  for (const [label, account] of world.walletEntries()) {
    wallets[label] = { address: account.address, balances: ledger.balancesOf(account.address, tokenIds, collectionIds) };
  }
  const contracts: Record<string, ScenarioContract> = {};
  for (const [id, { abi: _abi, ...contract }] of contractEntries) contracts[id] = contract;
  return { wallets, contracts, transactions };
}
