import { type Address, getAddress, type Hex, numberToHex, type TransactionReceipt } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainHandle } from '../chain/client.js';
import { Ledger } from './ledger.js';
import { describeRevert, replayRevert, type RevertCause } from './revert.js';
import { stepTimestamps } from './schedule.js';
import { ERC20_KINDS, planTransaction, type PlannedTransaction } from './transactions.js';
import type { ChainScenario, ScenarioContract, ScenarioPendingTransaction, ScenarioPlan, ScenarioRealisticWallet, ScenarioRiskPattern, ScenarioTransaction, Step } from './types.js';
import { type Actor, type KnownContract, World } from './world.js';

// Max fee = priority fee: every seeded transaction pays exactly this per gas, whatever the base fee.
const SEED_FEE_PER_GAS = 2_000_000_000n;
/** Native coin an impersonated address gets (hardhat_setBalance) before seeding, to pay its gas. */
export const IMPERSONATED_BALANCE = 10n ** 19n;

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
  const world = new World(plan.wallets, contracts, plan.impersonated);
  assertUniqueNames(plan.steps);
  assertPatternsNameSteps(plan);
  const times = stepTimestamps(plan.steps, now);
  const ledger = new Ledger();
  for (const [, actor] of world.actorEntries()) {
    if (actor.privateKey === null) await impersonate(handle, actor.address);
    ledger.setNative(actor.address, await handle.client.getBalance({ address: actor.address }));
  }

  const nonces = new Map<Address, number>();
  const nonceOf = async (address: Address) => nonces.get(address) ?? (await handle.client.getTransactionCount({ address }));
  const transactions: Record<string, ScenarioTransaction> = {};
  for (const [index, step] of plan.steps.entries()) {
    try {
      const sender = world.actor(step.from);
      const nonce = await nonceOf(sender.address);
      const planned = await planTransaction(step, { world, chainId: handle.chain.id, sender, nonce, nonceOf });
      await handle.provider.request({ method: 'evm_setNextBlockTimestamp', params: [times[index]] });
      const hash = await send(handle, sender, nonce, planned);
      const receipt = await handle.client.getTransactionReceipt({ hash });
      nonces.set(sender.address, nonce + 1);
      // An authorization moves its signer's nonce too: read them from the chain again.
      if (planned.authorizationList) nonces.clear();
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
  const pending = await sendPending(handle, world, plan.pendingSteps ?? []);
  return publish(world, ledger, transactions, pending, plan);
}

function assertUniqueNames(steps: readonly Step[]): void {
  const seen = new Set<string>();
  for (const step of steps) {
    if (seen.has(step.name)) throw new Error(`the scenario names two steps "${step.name}"`);
    seen.add(step.name);
  }
}

function assertPatternsNameSteps(plan: ScenarioPlan): void {
  const names = new Set(plan.steps.map((s) => s.name));
  const cited = [
    ...(plan.riskPatterns ?? []).map((p) => ({ what: `the ${p.flag} pattern of "${p.wallet}"`, transactions: p.transactions })),
    ...(plan.realisticWallets ?? []).map((w) => ({ what: `the ${w.shape} "${w.wallet}"`, transactions: w.transactions })),
  ];
  for (const { what, transactions } of cited) {
    const unknown = transactions.filter((name) => !names.has(name));
    if (unknown.length > 0) throw new Error(`${what} cites unknown steps: ${unknown.join(', ')}`);
  }
}

/** Lets the devnet send from an address nobody has a key to, and gives it coin for gas. Mines no block. */
async function impersonate(handle: ChainHandle, address: Address): Promise<void> {
  await handle.provider.request({ method: 'hardhat_impersonateAccount', params: [address] });
  await handle.provider.request({ method: 'hardhat_setBalance', params: [address, numberToHex(IMPERSONATED_BALANCE)] });
}

/** Signs and sends (or, for an impersonated sender, has the node send) one transaction with fixed gas and fees. */
async function send(handle: ChainHandle, sender: Actor, nonce: number, planned: PlannedTransaction): Promise<Hex> {
  const fields = { nonce, to: planned.to, data: planned.data, value: planned.value, gas: planned.gas };
  if (sender.privateKey === null) {
    if (planned.authorizationList) throw new Error('an impersonated sender cannot send an EIP-7702 transaction');
    const request = {
      from: sender.address,
      ...(planned.to ? { to: planned.to } : {}),
      data: planned.data,
      value: numberToHex(planned.value),
      gas: numberToHex(planned.gas),
      nonce: numberToHex(nonce),
      maxFeePerGas: numberToHex(SEED_FEE_PER_GAS),
      maxPriorityFeePerGas: numberToHex(SEED_FEE_PER_GAS),
    };
    return (await handle.provider.request({ method: 'eth_sendTransaction', params: [request] })) as Hex;
  }
  const fees = { chainId: handle.chain.id, maxFeePerGas: SEED_FEE_PER_GAS, maxPriorityFeePerGas: SEED_FEE_PER_GAS };
  const account = privateKeyToAccount(sender.privateKey);
  const raw = planned.authorizationList
    ? await account.signTransaction({ ...fields, ...fees, to: planned.to ?? undefined, type: 'eip7702', authorizationList: planned.authorizationList })
    : await account.signTransaction({ ...fields, ...fees, type: 'eip1559' });
  return (await handle.provider.request({ method: 'eth_sendRawTransaction', params: [raw] })) as Hex;
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

/**
 * A nonce gap keeps each of these in the node's mempool for good: automining mines only transactions
 * that can run. The node queues a gapped nonce only while automine is off. The ledger does not count them.
 */
async function sendPending(handle: ChainHandle, world: World, steps: readonly Step[]): Promise<Record<string, ScenarioPendingTransaction>> {
  const pending: Record<string, ScenarioPendingTransaction> = {};
  if (steps.length === 0) return pending;
  await handle.provider.request({ method: 'evm_setAutomine', params: [false] });
  for (const step of steps) {
    const sender = world.actor(step.from);
    const nonce = (await handle.client.getTransactionCount({ address: sender.address })) + 1;
    const nonceOf = async (address: Address) => handle.client.getTransactionCount({ address });
    const planned = await planTransaction(step, { world, chainId: handle.chain.id, sender, nonce, nonceOf });
    const hash = await send(handle, sender, nonce, planned);
    pending[step.name] = { hash, from: sender.address, to: planned.to, nonce };
  }
  await handle.provider.request({ method: 'evm_setAutomine', params: [true] });
  return pending;
}

/** The plain-JSON account of a seeded chain: names, addresses, transactions, expected balances and patterns. */
function publish(
  world: World,
  ledger: Ledger,
  transactions: Record<string, ScenarioTransaction>,
  pendingTransactions: Record<string, ScenarioPendingTransaction>,
  plan: ScenarioPlan,
): ChainScenario {
  const contractEntries = world.contractEntries();
  const tokenIds = contractEntries.filter(([, c]) => (ERC20_KINDS as readonly string[]).includes(c.kind)).map(([id]) => id);
  const collectionIds = contractEntries.filter(([, c]) => c.kind === 'erc721').map(([id]) => id);
  const wallets: ChainScenario['wallets'] = {};
  for (const [label, actor] of world.actorEntries()) {
    wallets[label] = {
      address: actor.address,
      ...(actor.privateKey === null && { impersonated: true as const }),
      balances: ledger.balancesOf(actor.address, tokenIds, collectionIds),
    };
  }
  const contracts: Record<string, ScenarioContract> = {};
  for (const [id, { abi: _abi, ...contract }] of contractEntries) contracts[id] = contract;
  const riskPatterns: ScenarioRiskPattern[] = (plan.riskPatterns ?? []).map((pattern) => ({
    flag: pattern.flag,
    wallet: pattern.wallet,
    address: world.address(pattern.wallet),
    transactions: [...pattern.transactions],
    counterparties: Object.fromEntries(pattern.counterparties.map((ref) => [ref, world.address(ref)])),
    summary: pattern.summary,
  }));
  const benignWallets = (plan.benignWallets ?? []).map((label) => world.actor(label).label);
  const realisticWallets: ScenarioRealisticWallet[] = (plan.realisticWallets ?? []).map((w) => ({
    ...w,
    address: world.address(w.wallet),
    expectedFlags: [...w.expectedFlags],
    forbiddenFlags: [...w.forbiddenFlags],
    scoreBands: [...w.scoreBands],
    exposureMentions: [...(w.exposureMentions ?? [])],
    transactions: [...w.transactions],
    counterparties: Object.fromEntries(w.counterparties.map((ref) => [ref, world.address(ref)])),
  }));
  return { wallets, contracts, transactions, pendingTransactions, riskPatterns, benignWallets, realisticWallets };
}
