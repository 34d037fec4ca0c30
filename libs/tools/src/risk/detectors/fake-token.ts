import type { ChainName, RiskEvidence } from '@paysight/contracts';
import { getAddress } from 'viem';
import { KNOWN_TOKENS, type KnownToken, TOKEN_VARIANTS } from '@paysight/datasets';
import type { TokenMetadata } from '../../wallet/evidence/data.js';
import type { Detector } from '../context.js';
import { buildFlag, describeMovement, movementEvidence } from '../evidence-items.js';

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

export const detectFakeToken: Detector = ({ evidence, activity }) => {
  const items: RiskEvidence[] = [];
  const fakes: string[] = [];
  for (const [address, meta] of activity.knownTokens()) {
    const real = imitatedToken(evidence.chain, address, meta);
    if (!real) continue;
    const token = getAddress(address);
    const moves = activity.movementsOfAsset(token);
    fakes.push(`${meta.symbol} at ${token}`);
    const held = evidence.snapshot.tokens.find((t) => t.address.toLowerCase() === address)?.balance;
    items.push({
      kind: 'address',
      address: token,
      detail: `Token ${token} calls itself ${JSON.stringify(meta.symbol)}${meta.name ? ` (${JSON.stringify(meta.name)})` : ''}; the canonical ${real.symbol} on ${evidence.chain} is ${real.address}.${held ? ` The wallet holds ${activity.formatAmount({ asset: token, amount: held, kind: 'erc20', tokenId: null })}.` : ''}`,
    });
    for (const m of moves) items.push(movementEvidence(m, `Counterfeit ${meta.symbol} transfer: ${describeMovement(m, activity.formatAmount(m))}.`));
  }
  if (!fakes.length) return [];
  return [
    buildFlag(
      'fake_token',
      `The wallet received or holds ${fakes.length} token(s) that imitate a well-known token: ${fakes.join('; ')}. Counterfeit tokens bait victims into approvals, swaps or phishing sites, and feed address poisoning.`,
      items,
      [
        'Only the symbols of the chain\'s canonical stablecoins and wrapped native coin are protected; other impostors are not recognised.',
        'A legitimate bridged token missing from the shipped variants list would be reported here.',
      ],
    ),
  ];
};
