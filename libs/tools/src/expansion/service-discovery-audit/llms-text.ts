import { decimalAmount } from '../x402-terms.js';
import { locate, networkTerms, type Declaration } from './declarations.js';

/**
 * Paid resources declared in llms.txt: a line (outside fenced code) with a link or a path and a
 * price. The first link on the line is the resource; the price is the first of "price 0.01 (USDC)",
 * "$0.01", "0.01 USDC" on it. The network is a CAIP-2 id on the line, else the first CAIP-2 id of the
 * text (llms.txt usually states it once). One pass over the lines: O(characters).
 */

const LINK = /\]\(\s*<?([^)\s>]+)>?/;
const BARE_URL = /\bhttps?:\/\/[^\s<>()`"']+/;
const CODE_PATH = /`(?:(?:GET|POST|PUT|PATCH|DELETE)\s+)?(\/[^`\s]+)`/;
const METHOD = /\b(GET|POST|PUT|PATCH|DELETE)\s+(?:https?:\/\/|\/|`)/;
const SYMBOLS = 'USDC|USDT|USD|DAI|EURC|EUR|ETH';
const PRICES = [
  new RegExp(`\\bprice[sd]?\\b\\s*[:=]?\\s*(?:of\\s+)?(\\$)?\\s*(\\d+(?:\\.\\d+)?)\\s*(${SYMBOLS})?\\b`, 'i'),
  /(\$)\s?(\d+(?:\.\d+)?)()/,
  new RegExp(`()(\\d+(?:\\.\\d+)?)\\s*(${SYMBOLS})\\b`, 'i'),
];
const NETWORK = /\b(eip155:\d+|solana:[1-9A-HJ-NP-Za-km-z]{32,44})\b/;

function priceOn(line: string): { amount: string; currency: string | null } | null {
  for (const pattern of PRICES) {
    const match = pattern.exec(line);
    if (match) return { amount: match[2]!, currency: match[3] ? match[3].toUpperCase() : match[1] ? 'USD' : null };
  }
  return null;
}

export function llmsDeclarations(text: string, serviceUrl: string): Declaration[] {
  const documentNetwork = NETWORK.exec(text)?.[1] ?? null;
  const found: Declaration[] = [];
  let fenced = false;
  text.split(/\r?\n/).forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    const raw = LINK.exec(line)?.[1] ?? BARE_URL.exec(line)?.[0] ?? CODE_PATH.exec(line)?.[1];
    const price = raw ? priceOn(line) : null;
    const place = raw && price ? locate(raw, serviceUrl) : null;
    if (!place || !price) return;
    found.push({
      document: 'llms_text',
      at: `line ${index + 1}`,
      section: 'lines',
      ...place,
      method: METHOD.exec(line)?.[1] ?? null,
      amount: decimalAmount(price.amount),
      currency: price.currency,
      asset: null,
      ...networkTerms(NETWORK.exec(line)?.[1] ?? documentNetwork),
      payTo: null,
    });
  });
  return found;
}
