import { english } from 'viem/accounts';

/** Kinds of secret material a request must never carry. */
export type SecretKind = 'mnemonic' | 'private_key' | 'extended_private_key' | 'keystore' | 'jwk_private_key' | 'pem_private_key' | 'password_or_token';

export interface SensitiveFinding {
  kind: SecretKind;
  /** Where it was found (field path), never the value. */
  path: string;
}

const BIP39 = new Set(english);
const MNEMONIC_MIN_WORDS = 12;
const HEX_KEY = /^(0x)?[0-9a-fA-F]{64}$/;
const LABELLED_HEX_KEY = /\b(?:private|secret|priv)[\s_-]*key\b[^0-9a-fA-F]{0,8}(?:0x)?[0-9a-fA-F]{64}\b/i;
/**
 * A password or token given as such: a label, then `:` or `=`, then a value that looks like a
 * credential (also as a URL query parameter): one with a digit, one with a symbol between letters or
 * digits (sk_live_…), or a run of 12 letters or more. A word of prose after the colon ("no API key:
 * the payment is the access", as Paysight's own llms.txt says) is no credential.
 */
const CREDENTIAL = String.raw`(?:[^\s&]*\d[^\s&]*|[^\s&]*[A-Za-z0-9][_\-./+=~][A-Za-z0-9][^\s&]*|[A-Za-z]{12,})`;
const LABELLED_PASSWORD = new RegExp(
  String.raw`\b(?:password|passphrase|passwd|pwd|api[\s_-]?key|api[\s_-]?secret|access[\s_-]?token|auth[\s_-]?token|refresh[\s_-]?token|bearer[\s_-]?token|client[\s_-]?secret)\s*[:=]\s*${CREDENTIAL}`,
  'i',
);
/** An HTTP bearer credential pasted with its scheme. */
const BEARER_CREDENTIAL = /\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/;
const PEM_PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/;
const EXTENDED_PRIVATE_KEY = /\b[tuvxyz]prv[1-9A-HJ-NP-Za-km-z]{100,112}\b/;

/** Field names that announce a secret: any non-empty string under them is refused. */
const SECRET_FIELD: [RegExp, SecretKind][] = [
  [/^(?:private|secret|priv|signing)[_-]?key$/i, 'private_key'],
  [/^(?:mnemonic|seed[_-]?phrase|recovery[_-]?phrase|seed[_-]?words)$/i, 'mnemonic'],
  [/^(?:password|passphrase|passwd|api[_-]?key|api[_-]?secret|secret|access[_-]?token|auth[_-]?token|bearer[_-]?token|refresh[_-]?token|client[_-]?secret)$/i, 'password_or_token'],
];

/** Fields whose 64-hex values are public (hashes, nonces, ids): a bare 64-hex there is not a key. */
const PUBLIC_HEX_FIELD = /[hH]ash|[fF]ingerprint|[cC]hecksum|[nN]once|[sS]ignature|[sS]alt|[iI]dempotency|[dD]igest|(?:^id|_id|Id)$|^(?:transaction|tx)$/;

const MAX_DEPTH = 32;

function mnemonicIn(text: string): boolean {
  let run = 0;
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    if (!word) continue;
    run = BIP39.has(word) ? run + 1 : 0;
    if (run >= MNEMONIC_MIN_WORDS) return true;
  }
  return false;
}

function inString(text: string, field: string): SecretKind | null {
  if (PEM_PRIVATE_KEY.test(text)) return 'pem_private_key';
  if (EXTENDED_PRIVATE_KEY.test(text)) return 'extended_private_key';
  if (HEX_KEY.test(text.trim()) && !PUBLIC_HEX_FIELD.test(field)) return 'private_key';
  if (LABELLED_HEX_KEY.test(text)) return 'private_key';
  if (LABELLED_PASSWORD.test(text) || BEARER_CREDENTIAL.test(text)) return 'password_or_token';
  if (mnemonicIn(text)) return 'mnemonic';
  return null;
}

function inObjectShape(object: Record<string, unknown>): SecretKind | null {
  if (typeof object.kty === 'string' && typeof object.d === 'string') return 'jwk_private_key';
  const crypto = object.crypto ?? object.Crypto;
  if (crypto && typeof crypto === 'object' && 'ciphertext' in crypto && ('kdf' in crypto || 'kdfparams' in crypto)) return 'keystore';
  return null;
}

function walk(value: unknown, path: string, field: string, depth: number): SensitiveFinding | null {
  if (typeof value === 'string') {
    const kind = inString(value, field);
    return kind ? { kind, path } : null;
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = walk(item, `${path}[${i}]`, field, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const object = value as Record<string, unknown>;
  const shape = inObjectShape(object);
  if (shape) return { kind: shape, path };
  for (const [key, child] of Object.entries(object)) {
    const childPath = path ? `${path}.${key}` : key;
    const named = SECRET_FIELD.find(([pattern]) => pattern.test(key));
    if (named && typeof child === 'string' && child.trim() !== '') return { kind: named[1], path: childPath };
    const found = walk(child, childPath, key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Finds secret material anywhere in a request body: BIP-39 mnemonics (12 or more consecutive
 * English list words, whatever the separators or case), private keys (64 hex digits in a field that
 * is not a hash field, or labelled as a key in text), extended private keys, PEM private keys,
 * keystore JSON, JWKs with a private part, and passwords or tokens given as such. Returns where,
 * never what. The rules are documented in docs/errors.md (sensitive_input).
 */
export function findSensitiveInput(body: unknown): SensitiveFinding | null {
  return walk(body, '', '', 0);
}

const KIND_NAMES: Record<SecretKind, string> = {
  mnemonic: 'a seed phrase (BIP-39 mnemonic)',
  private_key: 'a private key',
  extended_private_key: 'an extended private key',
  keystore: 'an encrypted keystore file',
  jwk_private_key: 'a private JSON Web Key',
  pem_private_key: 'a PEM private key',
  password_or_token: 'a password or access token',
};

/** "The request holds what looks like a private key (at notes)." The secret itself is never repeated. */
export function describeFinding(finding: SensitiveFinding): string {
  return `The request holds what looks like ${KIND_NAMES[finding.kind]}${finding.path ? ` (at ${finding.path})` : ''}. Paysight never needs secrets: send only public addresses, hashes and sanitized context. Nothing was charged.`;
}
