import { AMT, HASH } from '../helpers.js';

/** An L402 (formerly LSAT) challenge as this tool keeps it: the invoice's amount and network, the macaroon only as a hash. */
export interface L402Offer {
  /** BOLT11 amount in millisatoshi (the invoice's own unit). */
  amount_msat: bigint;
  amount_sats: string;
  network: 'bitcoin-lightning' | 'bitcoin-lightning-testnet';
  testnet: boolean;
  macaroon_hash: string;
}

const CHALLENGE = /^\s*(?:L402|LSAT)\s+(.+)$/is;
const PARAM = /([A-Za-z][A-Za-z0-9_-]*)\s*=\s*(?:"([^"]*)"|([^\s,]+))/g;
/** BOLT11 human-readable part: ln + currency prefix + optional amount with multiplier (BOLT #11). */
const HRP = /^ln(bcrt|bc|tbs|tb|sb)(?:(\d+)([munp])?)?$/;
/** Millisatoshi per unit of each multiplier; p (pico-BTC) is a tenth of a millisatoshi, handled apart. */
const MSAT_PER: Record<'' | 'm' | 'u' | 'n', bigint> = { '': 100_000_000_000n, m: 100_000_000n, u: 100_000n, n: 100n };

/** Parses `L402 macaroon="…", invoice="lnbc…"` (or LSAT); a reason string when it cannot. */
export function parseL402(headerValue: string): L402Offer | string {
  const challenge = CHALLENGE.exec(headerValue);
  if (!challenge) return 'the header value is not an L402 or LSAT challenge';
  const params = new Map<string, string>();
  for (const [, key, quoted, bare] of challenge[1]!.matchAll(PARAM)) if (!params.has(key!.toLowerCase())) params.set(key!.toLowerCase(), quoted ?? bare!);
  const macaroon = params.get('macaroon');
  const invoice = params.get('invoice')?.toLowerCase();
  if (!macaroon) return 'the L402 challenge has no macaroon';
  if (!invoice) return 'the L402 challenge has no invoice';
  const separator = invoice.lastIndexOf('1');
  const hrp = separator > 0 ? HRP.exec(invoice.slice(0, separator)) : null;
  if (!hrp) return 'the invoice is not a BOLT11 invoice';
  const [, currency, digits, multiplier = ''] = hrp;
  if (digits === undefined) return 'the invoice carries no amount';
  let msat: bigint;
  if (multiplier === 'p') {
    if (!digits.endsWith('0')) return 'the invoice amount is below one millisatoshi';
    msat = BigInt(digits) / 10n;
  } else msat = BigInt(digits) * MSAT_PER[multiplier as keyof typeof MSAT_PER];
  const testnet = currency !== 'bc';
  return { amount_msat: msat, amount_sats: AMT.toDecimal(msat, 3), network: testnet ? 'bitcoin-lightning-testnet' : 'bitcoin-lightning', testnet, macaroon_hash: HASH(macaroon) };
}
