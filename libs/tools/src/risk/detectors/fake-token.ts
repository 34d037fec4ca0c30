import type { ChainName, RiskEvidence } from '@paysight/contracts';
import { getAddress, type Address } from 'viem';
import { KNOWN_TOKENS, type KnownToken, TOKEN_VARIANTS } from '@paysight/datasets';
import type { TokenMetadata } from '../../wallet/evidence/data.js';
import { movementAgency, SUBJECT_ACTS } from '../agency.js';
import { sameAddress, type Detector, type ExposureDetector, type RiskContext } from '../context.js';
import { buildExposure, buildFlag, describeMovement, movementEvidence } from '../evidence-items.js';

/** Letters from other scripts that counterfeit symbols use in place of Latin ones. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', І: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ѕ: 'S', Т: 'T', Х: 'X', У: 'Y',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  '₮': 'T', Ð: 'D', Ɗ: 'D',
};

/** A symbol reduced to what a reader sees: compatibility forms folded, look-alike letters mapped, spaces, invisible and other characters removed. */
export function normalizeSymbol(symbol: string): string {
  const folded = symbol.normalize('NFKC').toUpperCase();
  return [...folded].map((c) => CONFUSABLES[c] ?? c).join('').replace(/[^A-Z0-9]/g, '');
}

/** The canonical token a token imitates: it carries a protected symbol of this chain but is neither that token nor a listed variant. */
export function imitatedToken(chain: ChainName, address: string, meta: TokenMetadata): KnownToken | null {
  if (!meta.symbol) return null;
  const lower = address.toLowerCase();
  if (KNOWN_TOKENS[chain].some((t) => t.address.toLowerCase() === lower) || TOKEN_VARIANTS.find(chain, address)) return null;
  const symbol = normalizeSymbol(meta.symbol);
  return KNOWN_TOKENS[chain].find((t) => normalizeSymbol(t.symbol) === symbol) ?? null;
}

interface Counterfeit {
  token: Address;
  label: string;
  /** The token address with its metadata and the canonical token, and what the wallet holds. */
  identity: RiskEvidence;
  /** Transfers and approvals of it that are the wallet's act: it traded, sent or approved it. */
  acts: RiskEvidence[];
  /** Transfers it received unasked (airdrops, spoofed events). */
  received: RiskEvidence[];
}

/** What a counterfeit claims to be and what the real token is. */
const imitationText = (chain: ChainName, token: Address, meta: TokenMetadata, real: KnownToken) =>
  `Token ${token} calls itself ${JSON.stringify(meta.symbol)}${meta.name ? ` (${JSON.stringify(meta.name)})` : ''}; the canonical ${real.symbol} on ${chain} is ${real.address}.`;

/** Counterfeit tokens the wallet moved or holds; the subject itself is judged by counterfeit_token_contract. */
function counterfeits(context: RiskContext): Counterfeit[] {
  const { evidence, activity, codeActs } = context;
  return activity.knownTokens().flatMap(([address, meta]): Counterfeit[] => {
    const real = imitatedToken(evidence.chain, address, meta);
    if (!real || sameAddress(address, evidence.address)) return [];
    const token = getAddress(address);
    const held = evidence.snapshot.tokens.find((t) => t.address.toLowerCase() === address)?.balance;
    const identity: RiskEvidence = {
      kind: 'address',
      address: token,
      detail: `${imitationText(evidence.chain, token, meta, real)}${held ? ` The wallet holds ${activity.formatAmount({ asset: token, amount: held, kind: 'erc20', tokenId: null })}.` : ''}`,
    };
    const acts: RiskEvidence[] = [];
    const received: RiskEvidence[] = [];
    for (const m of activity.movementsOfAsset(token)) {
      const own = SUBJECT_ACTS.has(movementAgency(activity, m, codeActs));
      (own ? acts : received).push(movementEvidence(m, `${own ? 'The wallet\'s own transfer of' : 'Not the wallet\'s act:'} counterfeit ${meta.symbol}: ${describeMovement(m, activity.formatAmount(m))}.`));
    }
    for (const e of evidence.approvals.events) {
      if (e.token.toLowerCase() !== address || e.value === 0n || activity.sentByWallet(e.transactionHash) !== true) continue;
      acts.push({ kind: 'log', transactionHash: e.transactionHash, logIndex: e.logIndex, blockNumber: e.blockNumber.toString(), address: e.spender, detail: `The wallet approved ${e.spender} to spend its counterfeit ${meta.symbol}.` });
    }
    return [{ token, label: `${meta.symbol} at ${token}`, identity, acts, received }];
  });
}

const fakeTokenLimits = [
  "Only the symbols of the chain's canonical stablecoins and wrapped native coin are protected; other impostors are not recognised.",
  'A legitimate bridged token missing from the shipped variants list would be reported here.',
];

/** The wallet traded, sent or approved a counterfeit token: it acted on the bait. */
export const detectFakeToken: Detector = (context) => {
  const used = counterfeits(context).filter((c) => c.acts.length > 0);
  if (!used.length) return [];
  return [
    buildFlag(
      'fake_token',
      `The wallet itself traded, sent or approved ${used.length} token(s) that imitate a well-known token: ${used.map((c) => c.label).join('; ')}. Counterfeit tokens bait victims into approvals, swaps or phishing sites.`,
      used.flatMap((c) => [c.identity, ...c.acts, ...c.received]),
      fakeTokenLimits,
    ),
  ];
};

/** Counterfeit tokens the wallet only received or holds: spam done to it, never scored. */
export const spamTokenExposure: ExposureDetector = (context) => {
  const spam = counterfeits(context).filter((c) => c.acts.length === 0);
  if (!spam.length) return [];
  return [
    buildExposure(
      'received_spam_tokens',
      `The wallet received or holds ${spam.length} token(s) that imitate a well-known token, without ever moving or approving them itself: ${spam.map((c) => c.label).join('; ')}. Anyone can send tokens to any address; never approve, swap or send them, and do not visit links they advertise.`,
      spam.flatMap((c) => [c.identity, ...c.received]),
      fakeTokenLimits,
    ),
  ];
};

/**
 * The subject is a token contract that imitates a canonical token of its chain (the same rule as
 * fake_token, applied to the subject's own symbol()): a fact about the subject itself.
 */
export const detectCounterfeitTokenContract: Detector = ({ evidence, subject, activity }) => {
  const self = evidence.contracts.find((c) => c.role === 'self');
  if (subject.type !== 'token' || !self) return [];
  const meta: TokenMetadata = { symbol: self.reads.symbol ?? null, name: self.reads.name ?? null, decimals: null };
  const real = imitatedToken(evidence.chain, evidence.address, meta);
  if (!real) return [];
  const claim: RiskEvidence = {
    kind: 'contract_state',
    address: evidence.address,
    blockNumber: evidence.snapshot.head.number.toString(),
    detail: `symbol() answered ${JSON.stringify(meta.symbol)} at the head block. ${imitationText(evidence.chain, evidence.address, meta, real)} ${evidence.address} is neither that token nor a listed variant (${TOKEN_VARIANTS.header.id}, ${TOKEN_VARIANTS.header.snapshotDate}).`,
  };
  const creation = activity.transactions().find((t) => sameAddress(t.contractCreated, evidence.address));
  const created: RiskEvidence[] = creation ? [{ kind: 'transaction', transactionHash: creation.hash, blockNumber: creation.blockNumber.toString(), address: creation.from, detail: `${creation.from} deployed the token in this transaction.` }] : [];
  return [
    buildFlag(
      'counterfeit_token_contract',
      `This token contract calls itself ${JSON.stringify(meta.symbol)}, the symbol of the canonical ${real.symbol} on ${evidence.chain} (${real.address}), at another address: a counterfeit. Counterfeit tokens pass as payments, bait approvals and swaps, and carry address-poisoning transfers.`,
      [claim, ...created],
      [...fakeTokenLimits, 'The symbol is what symbol() answered at the head block; a contract can answer differently later.'],
    ),
  ];
};
