import {
  type Abi,
  type Address,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  getContractAddress,
  type Hex,
  isAddress,
  keccak256,
  parseSignature,
  maxUint256,
  type SignedAuthorization,
  toBytes,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ARTIFACTS, type ContractName } from '../artifacts/index.js';
import { authorizationArgs, signUsdcAuthorization } from '../chain/usdc-authorization.js';
import type { Ledger } from './ledger.js';
import type { BatchCall, Recipient, Ref, Step, StepKind } from './types.js';
import type { Actor, KnownContract, World } from './world.js';

/** A step turned into a transaction, plus what it changes when it succeeds. */
export interface PlannedTransaction {
  to: Address | null;
  data: Hex;
  value: bigint;
  gas: bigint;
  /** Present for an EIP-7702 (type-4) transaction. */
  authorizationList?: SignedAuthorization[];
  /** Decodes a revert of this transaction. */
  abi: Abi;
  /** Balances and names that change when the transaction succeeds (nothing happens when it reverts). */
  apply(ledger: Ledger, world: World): void;
}

export interface BuildContext {
  world: World;
  chainId: number;
  sender: Actor;
  nonce: number;
  /** The next nonce of an address on the chain (for authorizations signed by someone else than the sender). */
  nonceOf(address: Address): Promise<number>;
}

// Explicit gas limits keep the signed transactions, and so their hashes, the same on every run.
const GAS = { transfer: 21_000n, call: 300_000n, router: 600_000n, deploy: 5_000_000n, batch: 29_000_000n };
// Seeded EIP-3009 authorizations: valid from the epoch until 2100-01-01.
const AUTHORIZATION_VALID_BEFORE = 4_102_444_800n;
// Seeded permit signatures (EIP-2612, Permit2) may be submitted until the same date.
const SIGNATURE_VALID_BEFORE = AUTHORIZATION_VALID_BEFORE;

const EIP2612_PERMIT_TYPE = [
  { name: 'owner', type: 'address' },
  { name: 'spender', type: 'address' },
  { name: 'value', type: 'uint256' },
  { name: 'nonce', type: 'uint256' },
  { name: 'deadline', type: 'uint256' },
] as const;

/** Permit2's EIP-712 types for a PermitSingle. */
const PERMIT2_TYPES = {
  PermitSingle: [
    { name: 'details', type: 'PermitDetails' },
    { name: 'spender', type: 'address' },
    { name: 'sigDeadline', type: 'uint256' },
  ],
  PermitDetails: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint160' },
    { name: 'expiration', type: 'uint48' },
    { name: 'nonce', type: 'uint48' },
  ],
} as const;

type Builder<K extends StepKind> = (step: Extract<Step, { kind: K }>, ctx: BuildContext) => PlannedTransaction | Promise<PlannedTransaction>;

/** Contract kinds that are ERC-20 tokens. */
export const ERC20_KINDS = ['usdc', 'erc20', 'counterfeit-erc20', 'spam-erc20', 'wrapped-native'] as const;

function call(contract: KnownContract, functionName: string, args: readonly unknown[] = [], value = 0n) {
  return {
    to: contract.address,
    data: encodeFunctionData({ abi: contract.abi, functionName, args }),
    value,
    gas: GAS.call,
    abi: contract.abi,
  };
}

type ContractDetails = Pick<KnownContract, 'kind' | 'name' | 'symbol' | 'decimals' | 'implementation'> & { abi?: Abi };

/** A contract creation; the new contract joins the world under `step.id` once it is mined. */
function deploy(
  ctx: BuildContext,
  step: { id: string; name: string },
  artifact: ContractName,
  args: readonly unknown[],
  details: ContractDetails,
): PlannedTransaction {
  const { abi, bytecode } = ARTIFACTS[artifact];
  const address = getContractAddress({ from: ctx.sender.address, nonce: BigInt(ctx.nonce) });
  return {
    to: null,
    data: encodeDeployData({ abi, bytecode, args }),
    value: 0n,
    gas: GAS.deploy,
    abi,
    apply: (_ledger, world) => world.register(step.id, { abi, ...details, address, artifact, deployedBy: step.name }),
  };
}

/** EIP-1167: init code that returns the 45-byte clone runtime forwarding every call to `implementation`. */
function minimalProxyInitCode(implementation: Address): Hex {
  return `0x3d602d80600a3d3981f3363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;
}

/** A wallet delegated to a sweeper loses its whole balance to `sweptTo` in the transaction that reaches it. */
function sweep(ledger: Ledger, world: World, wallet: Address, sweptTo: Ref | undefined): void {
  if (sweptTo !== undefined) ledger.moveAllNative(wallet, world.address(sweptTo));
}

/** The commitment a mixer deposit publishes, and the nullifier its withdrawal reveals, for a named note. */
function mixerNote(note: string): { nullifier: Hex; commitment: Hex } {
  const nullifier = keccak256(toBytes(`paysight-devnet:mixer-note:${note}`));
  return { nullifier, commitment: keccak256(nullifier) };
}

/** The executeBatch (or execute) arguments for a list of calls, and their effect on balances. */
function batchCalls(world: World, owner: Address, calls: readonly BatchCall[]) {
  const encoded = calls.map((c): { target: Address; value: bigint; data: Hex } =>
    'token' in c
      ? { target: world.contract(c.token, ...ERC20_KINDS).address, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [world.address(c.to), c.amount] }) }
      : { target: world.address(c.to), value: c.value, data: '0x' as Hex },
  );
  const apply = (ledger: Ledger) => {
    for (const c of calls) {
      if ('token' in c) ledger.moveToken(c.token, owner, world.address(c.to), c.amount);
      else ledger.moveNative(owner, world.address(c.to), c.value);
    }
  };
  return { encoded, apply };
}

/** A wallet label, or an address outside the scenario as it is. */
function recipientAddress(world: World, recipient: Recipient): Address {
  return isAddress(recipient) ? recipient : world.address(recipient);
}

/** What a constant-product pool with a 0.3% fee pays out (SwapRouter.swapExactTokensForTokens). */
export function poolAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  return (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n);
}

const RELAYED_CALLS = [{ type: 'tuple[]', components: [{ name: 'target', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'data', type: 'bytes' }] }] as const;

/** A counterfeit or spam token: CounterfeitToken, under the kind the step gives. */
function deployCounterfeit(ctx: BuildContext, step: { id: string; name: string; tokenName: string; symbol: string; decimals: number }, kind: 'counterfeit-erc20' | 'spam-erc20') {
  return deploy(ctx, step, 'CounterfeitToken', [step.tokenName, step.symbol, step.decimals], { kind, name: step.tokenName, symbol: step.symbol, decimals: step.decimals });
}

const BUILDERS: { [K in StepKind]: Builder<K> } = {
  'native-transfer': (step, { world, sender }) => {
    const to = world.actor(step.to).address;
    return {
      to,
      data: '0x',
      value: step.value,
      gas: step.sweptTo === undefined && !step.toRunsCode ? GAS.transfer : GAS.call,
      abi: [],
      apply: (ledger) => {
        ledger.moveNative(sender.address, to, step.value);
        sweep(ledger, world, to, step.sweptTo);
      },
    };
  },
  'deploy-token': (step, ctx) =>
    deploy(ctx, step, 'DevnetToken', [step.tokenName, step.symbol, step.decimals], {
      kind: 'erc20',
      name: step.tokenName,
      symbol: step.symbol,
      decimals: step.decimals,
    }),
  'deploy-collection': (step, ctx) =>
    deploy(ctx, step, 'DevnetCollectible', [step.collectionName, step.symbol], {
      kind: 'erc721',
      name: step.collectionName,
      symbol: step.symbol,
    }),
  'deploy-counter': (step, ctx) => deploy(ctx, step, 'Counter', [], { kind: 'contract' }),
  'deploy-proxy': (step, ctx) => {
    const implementation = ctx.world.contract(step.implementation);
    const initData = step.initCall ? encodeFunctionData({ abi: implementation.abi, functionName: step.initCall.functionName, args: step.initCall.args ?? [] }) : '0x';
    return deploy(ctx, step, 'DevnetProxy', [implementation.address, initData], {
      kind: 'proxy',
      implementation: implementation.address,
      abi: implementation.abi,
    });
  },
  'token-mint': (step, { world }) => {
    const token = world.contract(step.token, 'usdc', 'erc20');
    const to = world.address(step.to);
    return { ...call(token, 'mint', [to, step.amount]), apply: (ledger) => ledger.moveToken(step.token, null, to, step.amount) };
  },
  'token-transfer': (step, { world, sender }) => {
    const token = world.contract(step.token, ...ERC20_KINDS);
    const to = world.address(step.to);
    return {
      ...call(token, 'transfer', [to, step.amount]),
      apply: (ledger) => ledger.moveToken(step.token, sender.address, to, step.amount),
    };
  },
  'token-approve': (step, { world }) => ({
    ...call(world.contract(step.token, ...ERC20_KINDS), 'approve', [world.address(step.spender), step.amount]),
    apply: () => undefined,
  }),
  'token-transfer-from': (step, { world }) => {
    const token = world.contract(step.token, ...ERC20_KINDS);
    const owner = world.address(step.owner);
    const to = world.address(step.to);
    return {
      ...call(token, 'transferFrom', [owner, to, step.amount]),
      apply: (ledger) => ledger.moveToken(step.token, owner, to, step.amount),
    };
  },
  wrap: (step, { world, sender }) => {
    const token = world.contract(step.token, 'wrapped-native');
    return {
      ...call(token, 'deposit', [], step.amount),
      apply: (ledger) => {
        ledger.moveNative(sender.address, token.address, step.amount);
        ledger.moveToken(step.token, null, sender.address, step.amount);
      },
    };
  },
  unwrap: (step, { world, sender }) => {
    const token = world.contract(step.token, 'wrapped-native');
    return {
      ...call(token, 'withdraw', [step.amount]),
      apply: (ledger) => {
        ledger.moveToken(step.token, sender.address, null, step.amount);
        ledger.moveNative(token.address, sender.address, step.amount);
      },
    };
  },
  'nft-mint': (step, { world }) => {
    const to = world.address(step.to);
    return {
      ...call(world.contract(step.collection, 'erc721'), 'mint', [to, step.tokenId]),
      apply: (ledger) => ledger.moveNft(step.collection, step.tokenId, to),
    };
  },
  'nft-transfer': (step, { world, sender }) => {
    const to = world.address(step.to);
    return {
      ...call(world.contract(step.collection, 'erc721'), 'transferFrom', [sender.address, to, step.tokenId]),
      apply: (ledger) => ledger.moveNft(step.collection, step.tokenId, to),
    };
  },
  'nft-approve': (step, { world }) => ({
    ...call(world.contract(step.collection, 'erc721'), 'approve', [world.address(step.spender), step.tokenId]),
    apply: () => undefined,
  }),
  'permit2-approve': (step, { world }) => ({
    ...call(world.contract('permit2', 'permit2'), 'approve', [world.contract(step.token, ...ERC20_KINDS).address, world.address(step.spender), step.amount, Number(step.expiration)]),
    apply: () => undefined,
  }),
  'permit2-router-permit': async (step, { world, chainId }) => {
    const permit2 = world.contract('permit2', 'permit2');
    const permitSingle = {
      details: { token: world.contract(step.token, ...ERC20_KINDS).address, amount: step.amount, expiration: Number(step.expiration), nonce: Number(step.nonce) },
      spender: world.address(step.spender),
      sigDeadline: SIGNATURE_VALID_BEFORE,
    };
    const signature = await privateKeyToAccount(world.signer(step.from).privateKey).signTypedData({
      domain: { name: 'Permit2', chainId, verifyingContract: permit2.address },
      types: PERMIT2_TYPES,
      primaryType: 'PermitSingle',
      message: permitSingle,
    });
    return { ...call(world.contract(step.router), 'permit2Permit', [permitSingle, signature]), apply: () => undefined };
  },
  'token-permit': async (step, { world, chainId }) => {
    const token = world.contract(step.token, 'usdc');
    const owner = world.signer(step.owner);
    const spender = world.address(step.spender);
    const signature = await privateKeyToAccount(owner.privateKey).signTypedData({
      domain: { name: token.name!, version: '2', chainId, verifyingContract: token.address },
      types: { Permit: EIP2612_PERMIT_TYPE },
      primaryType: 'Permit',
      message: { owner: owner.address, spender, value: step.amount, nonce: step.nonce, deadline: SIGNATURE_VALID_BEFORE },
    });
    const { r, s, v } = parseSignature(signature);
    return { ...call(token, 'permit', [owner.address, spender, step.amount, SIGNATURE_VALID_BEFORE, Number(v), r, s]), apply: () => undefined };
  },
  'deploy-router': (step, ctx) => deploy(ctx, step, 'DevnetRouter', [], { kind: 'contract' }),
  'usdc-authorization': async (step, { world, chainId }) => {
    const usdc = world.contract('usdc', 'usdc');
    const payer = world.signer(step.payer);
    const to = world.address(step.to);
    const message = {
      from: payer.address,
      to,
      value: step.amount,
      validAfter: 0n,
      validBefore: AUTHORIZATION_VALID_BEFORE,
      nonce: keccak256(toBytes(`paysight-devnet:${step.name}`)),
    };
    const signature = await signUsdcAuthorization(payer.privateKey, { chainId, address: usdc.address }, message);
    const args = authorizationArgs(message, signature);
    return {
      ...call(usdc, 'transferWithAuthorization', args),
      apply: (ledger) => ledger.moveToken('usdc', payer.address, to, step.amount),
    };
  },
  'contract-call': (step, { world, sender }) => {
    const contract = world.contract(step.to);
    const value = step.value ?? 0n;
    return {
      ...call(contract, step.functionName, step.args, value),
      apply: (ledger) => ledger.moveNative(sender.address, contract.address, value),
    };
  },
  'deploy-counterfeit-token': (step, ctx) => deployCounterfeit(ctx, step, 'counterfeit-erc20'),
  'deploy-spam-token': (step, ctx) => deployCounterfeit(ctx, step, 'spam-erc20'),
  'spoof-transfer': (step, { world }) => {
    const to = world.address(step.to);
    return {
      ...call(world.contract(step.token, 'counterfeit-erc20'), 'spoofTransfer', [world.address(step.spoofedFrom), to, step.amount]),
      apply: (ledger) => ledger.moveToken(step.token, null, to, step.amount),
    };
  },
  'spoof-approval': (step, { world }) => ({
    ...call(world.contract(step.token, 'counterfeit-erc20'), 'spoofApproval', [world.address(step.owner), world.address(step.spender), step.amount]),
    apply: () => undefined,
  }),
  'deploy-sweeper': (step, ctx) => deploy(ctx, step, 'Sweeper', [ctx.world.address(step.collector)], { kind: 'sweeper' }),
  'deploy-multisig-singleton': (step, ctx) => deploy(ctx, step, 'MultisigWallet', [], { kind: 'contract' }),
  'deploy-multisig': (step, ctx) => {
    const singleton = ctx.world.contract(step.singleton);
    const setup = encodeFunctionData({ abi: singleton.abi, functionName: 'setup', args: [step.owners.map((owner) => ctx.world.address(owner)), BigInt(step.threshold)] });
    return deploy(ctx, step, 'SafeStyleProxy', [singleton.address, setup], { kind: 'proxy', implementation: singleton.address, abi: singleton.abi });
  },
  'deploy-minimal-proxy': (step, ctx) => {
    const implementation = ctx.world.contract(step.implementation);
    const address = getContractAddress({ from: ctx.sender.address, nonce: BigInt(ctx.nonce) });
    return {
      to: null,
      data: minimalProxyInitCode(implementation.address),
      value: 0n,
      gas: GAS.deploy,
      abi: implementation.abi,
      apply: (_ledger, world) =>
        world.register(step.id, { abi: implementation.abi, kind: 'proxy', implementation: implementation.address, address, artifact: null, deployedBy: step.name }),
    };
  },
  'eip7702-delegation': async (step, { world, chainId, sender, nonce, nonceOf }) => {
    const authority = world.signer(step.authority);
    const implementation = world.contract(step.implementation, 'smart-account', 'sweeper', 'relayed-account');
    // The sender's nonce goes up before authorizations are processed, so a self-sponsored one signs nonce + 1.
    const authorityNonce = authority.address === sender.address ? nonce + 1 : await nonceOf(authority.address);
    const authorization = await privateKeyToAccount(authority.privateKey).signAuthorization({
      address: implementation.address,
      chainId,
      nonce: authorityNonce,
    });
    const to = world.actor(step.to).address;
    return {
      to,
      data: '0x',
      value: 0n,
      gas: GAS.call,
      authorizationList: [authorization],
      abi: implementation.abi,
      apply: (ledger) => sweep(ledger, world, to, step.sweptTo),
    };
  },
  'smart-account-batch': (step, { world, sender }) => {
    const account = world.contract('smartAccount', 'smart-account');
    const { encoded, apply } = batchCalls(world, sender.address, step.calls);
    // Sent to itself: the delegated code sees msg.sender == address(this); the calls pay from its balance.
    return {
      to: sender.address,
      data: encodeFunctionData({ abi: account.abi, functionName: 'executeBatch', args: [encoded] }),
      value: 0n,
      gas: GAS.call,
      abi: account.abi,
      apply,
    };
  },
  'mixer-deposit': (step, { world, sender }) => {
    const pool = world.contract(step.pool, 'mixer');
    return {
      ...call(pool, 'deposit', [mixerNote(step.note).commitment], step.value),
      apply: (ledger) => ledger.moveNative(sender.address, pool.address, step.value),
    };
  },
  'mixer-withdrawal': (step, { world }) => {
    const pool = world.contract(step.pool, 'mixer');
    const recipient = world.address(step.recipient);
    return {
      ...call(pool, 'withdraw', [recipient, mixerNote(step.note).nullifier]),
      apply: (ledger) => ledger.moveNative(pool.address, recipient, step.value),
    };
  },
  'spoof-airdrop': (step, { world }) => {
    const recipients = step.recipients.map((r) => recipientAddress(world, r));
    return {
      ...call(world.contract(step.token, 'counterfeit-erc20', 'spam-erc20'), 'spoofAirdrop', [world.address(step.spoofedFrom), recipients, step.amount]),
      gas: GAS.batch,
      apply: (ledger) => recipients.forEach((to) => ledger.moveToken(step.token, null, to, step.amount)),
    };
  },
  'token-batch-transfer': (step, { world, sender }) => {
    const transfers = step.transfers.map((t) => ({ to: recipientAddress(world, t.to), amount: t.amount }));
    const args = [transfers.map((t) => t.to), transfers.map((t) => t.amount)];
    return {
      ...call(world.contract(step.token, 'erc20'), 'batchTransfer', args),
      gas: GAS.batch,
      apply: (ledger) => transfers.forEach((t) => ledger.moveToken(step.token, sender.address, t.to, t.amount)),
    };
  },
  'deploy-relayed-account': (step, ctx) => deploy(ctx, step, 'RelayedAccount', [], { kind: 'relayed-account' }),
  'relayed-batch': async (step, { world, chainId }) => {
    const account = world.signer(step.account);
    const { encoded, apply } = batchCalls(world, account.address, step.calls);
    const salt = keccak256(toBytes(`paysight-devnet:relayed-batch:${step.name}`));
    const digest = keccak256(
      encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }, { type: 'bytes32' }, { type: 'bytes32' }], [BigInt(chainId), account.address, salt, keccak256(encodeAbiParameters(RELAYED_CALLS, [encoded]))]),
    );
    const signature = await privateKeyToAccount(account.privateKey).signMessage({ message: { raw: digest } });
    const { abi } = ARTIFACTS.RelayedAccount;
    return {
      to: account.address,
      data: encodeFunctionData({ abi, functionName: 'execute', args: [encoded, salt, signature] }),
      value: 0n,
      gas: GAS.call,
      abi,
      apply,
    };
  },
  'add-liquidity': (step, { world, sender }) => {
    const router = world.contract(step.router, 'router');
    const [tokenA, tokenB] = [world.contract(step.tokenA, ...ERC20_KINDS).address, world.contract(step.tokenB, ...ERC20_KINDS).address];
    return {
      ...call(router, 'addLiquidity', [tokenA, tokenB, step.amountA, step.amountB, step.amountA, step.amountB, sender.address, maxUint256]),
      gas: GAS.router,
      apply: (ledger) => {
        ledger.moveToken(step.tokenA, sender.address, router.address, step.amountA);
        ledger.moveToken(step.tokenB, sender.address, router.address, step.amountB);
      },
    };
  },
  swap: (step, { world, sender }) => {
    const router = world.contract(step.router, 'router');
    const wrapped = world.contract('wrappedNative', 'wrapped-native');
    const token = (side: Ref | 'native') => (side === 'native' ? 'wrappedNative' : side);
    const [sell, buy] = [token(step.sell), token(step.buy)];
    const path = [world.contract(sell, ...ERC20_KINDS).address, world.contract(buy, ...ERC20_KINDS).address];
    const swapTo = (to: Address) => encodeFunctionData({ abi: router.abi, functionName: 'swapExactTokensForTokens', args: [step.amount, 1n, path, to] });
    const value = step.sell === 'native' ? step.amount : 0n;
    const data =
      step.buy === 'native'
        ? encodeFunctionData({ abi: router.abi, functionName: 'multicall', args: [[swapTo(router.address), encodeFunctionData({ abi: router.abi, functionName: 'unwrapWETH9', args: [0n, sender.address] })]] })
        : swapTo(sender.address);
    return {
      to: router.address,
      data,
      value,
      gas: GAS.router,
      abi: router.abi,
      // The router's balances are its pool's reserves between transactions (one pool per token pair).
      apply: (ledger) => {
        const out = poolAmountOut(step.amount, ledger.tokenBalance(sell, router.address), ledger.tokenBalance(buy, router.address));
        if (step.sell === 'native') {
          ledger.moveNative(sender.address, wrapped.address, step.amount);
          ledger.moveToken(sell, null, router.address, step.amount);
        } else {
          ledger.moveToken(sell, sender.address, router.address, step.amount);
        }
        if (step.buy === 'native') {
          ledger.moveToken(buy, router.address, null, out);
          ledger.moveNative(wrapped.address, sender.address, out);
        } else {
          ledger.moveToken(buy, router.address, sender.address, out);
        }
      },
    };
  },
};

export function planTransaction(step: Step, ctx: BuildContext): PlannedTransaction | Promise<PlannedTransaction> {
  return (BUILDERS[step.kind] as Builder<StepKind>)(step as never, ctx);
}
