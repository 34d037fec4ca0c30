import { CHAINS, type ChainName } from '@paysight/contracts';
import { THREAT_ADDRESSES } from '@paysight/datasets';
import { maxUint160, maxUint256, parseUnits } from 'viem';
import type { PlannedRiskPattern, Step } from './types.js';
import { usdc } from './step-builders.js';

/**
 * Approvals and permits of one wallet, `permitUser`, beside the plain ERC-20 approvals of the risk
 * storylines: an unlimited Permit2 allowance to an unknown spender signed and submitted through a router,
 * an expired Permit2 allowance, an EIP-2612 permit a relayer submitted, an ERC-721 per-token approval,
 * an unused approval older than the activity window, and an Approval a stranger's contract logged in its
 * name (spoofed: never scored). `routerDeployer` deploys the router so no other
 * deployer's nonces, and so addresses, move. The spenders hold no keys the scenario uses: they are plain addresses.
 */
export const APPROVAL_WALLETS = ['permitUser', 'routerDeployer', 'permitRelayer', 'permit2Spender', 'expiredPermit2Spender', 'permitSpender', 'nftSpender', 'oldSpender'] as const;

/** An ERC-721 item of the scenario's collection that only this storyline uses. */
export const PERMIT_USER_ITEM = 1004n;
/** A fixed expiration in the past (2025-01-01) for the expired Permit2 allowance: expired on any run, and the same transaction on every run. */
export const EXPIRED_PERMIT2_EXPIRATION = 1_735_689_600n;
/** 2100-01-01: Permit2 allowances that stay live. */
const LIVE_PERMIT2_EXPIRATION = 4_102_444_800n;

/**
 * A drainer, phisher or exploiter of the shipped threat list on the chain, which permitUser approves
 * (as a phished wallet does); none while the list holds no such entry for the chain, and then no step.
 */
export function approvedThreat(chain: ChainName): string | null {
  return THREAT_ADDRESSES.onChain(chain).find((e) => e.category === 'drainer' || e.category === 'phishing' || e.category === 'exploit')?.address ?? null;
}

export function approvalsSection(chain: ChainName): Step[] {
  const coin = (amount: string) => parseUnits(amount, CHAINS[chain].nativeDecimals);
  return [
    { name: 'fund-permit-user', kind: 'native-transfer', from: 'exchange', to: 'permitUser', value: coin('1'), daysAgo: 50 },
    { name: 'send-usdc-permit-user', kind: 'token-transfer', from: 'exchange', token: 'usdc', to: 'permitUser', amount: usdc('2000'), daysAgo: 49 },
    { name: 'mint-explorer-permit-user', kind: 'nft-mint', from: 'faucet', collection: 'explorers', to: 'permitUser', tokenId: PERMIT_USER_ITEM, daysAgo: 48 },
    { name: 'permit-user-approves-old-spender', kind: 'token-approve', from: 'permitUser', token: 'usdc', spender: 'oldSpender', amount: usdc('500'), daysAgo: 45 },
    { name: 'fund-router-deployer', kind: 'native-transfer', from: 'exchange', to: 'routerDeployer', value: coin('1'), daysAgo: 30 },
    { name: 'deploy-permit-router', kind: 'deploy-router', from: 'routerDeployer', id: 'permitRouter', daysAgo: 29 },
    { name: 'permit-user-approves-permit2', kind: 'token-approve', from: 'permitUser', token: 'usdc', spender: 'permit2', amount: 2n ** 256n - 1n, daysAgo: 20 },
    {
      name: 'permit-user-permit2-expired',
      kind: 'permit2-approve',
      from: 'permitUser',
      token: 'usdc',
      spender: 'expiredPermit2Spender',
      amount: usdc('1000'),
      expiration: EXPIRED_PERMIT2_EXPIRATION,
      daysAgo: 15,
    },
    {
      name: 'permit-user-permits-via-router',
      kind: 'permit2-router-permit',
      from: 'permitUser',
      router: 'permitRouter',
      token: 'usdc',
      spender: 'permit2Spender',
      amount: maxUint160,
      expiration: LIVE_PERMIT2_EXPIRATION,
      nonce: 0n,
      daysAgo: 10,
    },
    { name: 'permit-user-approves-router', kind: 'token-approve', from: 'permitUser', token: 'usdc', spender: 'permitRouter', amount: maxUint256, daysAgo: 9 },
    { name: 'fund-permit-relayer', kind: 'native-transfer', from: 'exchange', to: 'permitRelayer', value: coin('0.5'), daysAgo: 8 },
    { name: 'relayer-submits-permit', kind: 'token-permit', from: 'permitRelayer', token: 'usdc', owner: 'permitUser', spender: 'permitSpender', amount: usdc('300'), nonce: 0n, daysAgo: 6 },
    { name: 'permit-user-approves-nft', kind: 'nft-approve', from: 'permitUser', collection: 'explorers', spender: 'nftSpender', tokenId: PERMIT_USER_ITEM, daysAgo: 4 },
    // A stranger's event, not the owner's act: the poisoner's counterfeit token logs an unlimited Approval naming permitUser.
    { name: 'spoofed-approval-of-permit-user', kind: 'spoof-approval', from: 'poisoner', token: 'counterfeitUsdc', owner: 'permitUser', spender: 'poisoner', amount: maxUint256, daysAgo: 3.5 },
    ...threatSteps(chain),
  ];
}

function threatSteps(chain: ChainName): Step[] {
  const threat = approvedThreat(chain);
  return threat ? [{ name: 'permit-user-approves-threat', kind: 'token-approve', from: 'permitUser', token: 'usdc', spender: threat, amount: usdc('50'), daysAgo: 3 }] : [];
}

export function approvalPatterns(chain: ChainName): PlannedRiskPattern[] {
  const threat = approvedThreat(chain);
  return [
    ...(threat
      ? [
          {
            flag: 'approval_to_threat',
            wallet: 'permitUser',
            transactions: ['permit-user-approves-threat'],
            counterparties: [threat],
            summary: 'Approved 50 USDC to an address the shipped threat list labels a drainer, phisher or exploiter; still live.',
          } satisfies PlannedRiskPattern,
        ]
      : []),
    {
      flag: 'unlimited_approval',
      wallet: 'permitUser',
      transactions: ['permit-user-approves-router'],
      counterparties: ['permitRouter'],
      summary: 'Approved 2^256-1 USDC to permitRouter, a contract deployed 29 days ago that is not on the known-routers list; still live.',
    },
    {
      flag: 'unlimited_approval_to_eoa',
      wallet: 'permitUser',
      transactions: ['permit-user-permits-via-router'],
      counterparties: ['permit2Spender'],
      summary:
        'Signed a Permit2 PermitSingle for 2^160-1 USDC to permit2Spender (an address without code), submitted through a router; Permit2 emitted Permit naming the owner. Live until 2100, behind an unlimited ERC-20 approval to Permit2.',
    },
    {
      flag: 'stale_approval',
      wallet: 'permitUser',
      transactions: ['permit-user-approves-old-spender'],
      counterparties: ['oldSpender'],
      summary: 'Approved 500 USDC to oldSpender 45 days ago (older than the basic and deep activity windows), never used, still live.',
    },
  ];
}
