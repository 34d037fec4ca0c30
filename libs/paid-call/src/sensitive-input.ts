import { DELIVERY_TYPES, RECEIPT_TYPES } from '@paysight/payment';
import { english } from 'viem/accounts';

/** Kinds of secret material a request must never carry. */
export type SecretKind =
  | 'mnemonic'
  | 'private_key'
  | 'extended_private_key'
  | 'keystore'
  | 'jwk_private_key'
  | 'pem_private_key'
  | 'password_or_token'
  /** x402-* family only (design sheet §0 a): a field whose name announces a secret, whatever it holds. */
  | 'secret_field'
  /** x402-* family only (§0 f): a signed EIP-3009 or Permit2 authorization, a bearer instrument until validBefore. */
  | 'signed_authorization';

/**
 * Which rules apply. `service`: the detector every request of the service passes. `x402`: the same,
 * plus the stricter rules of the x402-* family (design sheet §0, a–f), whose hits answer
 * `secret_material_rejected`.
 */
export type SecretRules = 'service' | 'x402';

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

/** §0 (a): key names (lowercased, `_` and `-` removed) refused in an x402-* request, whatever their value. */
const X402_SECRET_KEYS = new Set(['privatekey', 'secretkey', 'seed', 'seedphrase', 'mnemonic', 'password', 'passphrase', 'xprv', 'apikey', 'accesstoken', 'refreshtoken', 'clientsecret', 'cookie', 'authorization']);
/** §0 (a): `authorization` is allowed when it holds an unsigned EIP-3009 authorization. */
const EIP3009_FIELDS = ['from', 'to', 'value', 'validAfter', 'validBefore', 'nonce'] as const;
/** §0 (e): a 64-hex value under such a key is a key, even where the key name also says hash or id. */
const X402_SECRET_HEX_KEY = /priv|secret|seed|pk$/i;
/** §0 (f): a 65-byte signature. */
const SIGNATURE_65 = /^0x[0-9a-fA-F]{130}$/;

/**
 * Exempt from the x402 rules (design sheet §0): seller receipt signatures (#23), public evidence a
 * buyer re-presents. Each row is a signed object's shape: its format, a flat payload of exactly its
 * EIP-712 type's fields (scalars only, so nothing can hide inside) and its signature. An object of
 * that shape is not searched: its digests are not keys and its signature is no payment authorization.
 */
const X402_EXEMPT_SIGNED_OBJECTS: readonly { what: string; format: string; payloadFields: readonly string[]; signature: RegExp }[] = [
  { what: 'x402 offer-receipt receipt (EIP-712)', format: 'eip712', payloadFields: RECEIPT_TYPES.Receipt.map((f) => f.name), signature: SIGNATURE_65 },
  { what: 'Paysight delivery binding (EIP-712)', format: 'eip712', payloadFields: DELIVERY_TYPES.Delivery.map((f) => f.name), signature: SIGNATURE_65 },
];

function isExemptSignedObject(object: Record<string, unknown>): boolean {
  const { format, payload, signature, ...rest } = object;
  if (Object.keys(rest).length > 0 || typeof signature !== 'string') return false;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return false;
  const entries = Object.entries(payload);
  return X402_EXEMPT_SIGNED_OBJECTS.some(
    (row) => row.format === format && row.signature.test(signature) && entries.length === row.payloadFields.length && entries.every(([k, v]) => row.payloadFields.includes(k) && (typeof v === 'string' || typeof v === 'number')),
  );
}

const isEip3009 = (value: unknown): boolean => value !== null && typeof value === 'object' && !Array.isArray(value) && EIP3009_FIELDS.every((f) => f in value);

function x402ObjectRule(object: Record<string, unknown>): SecretKind | null {
  if (typeof object.signature === 'string' && SIGNATURE_65.test(object.signature) && ('authorization' in object || 'permit2Authorization' in object)) return 'signed_authorization';
  return null;
}

function x402KeyRule(key: string, child: unknown): SecretKind | null {
  const name = key.toLowerCase().replace(/[_-]/g, '');
  if (X402_SECRET_KEYS.has(name) && !(name === 'authorization' && isEip3009(child))) return 'secret_field';
  if (typeof child === 'string' && HEX_KEY.test(child.trim()) && X402_SECRET_HEX_KEY.test(key)) return 'private_key';
  return null;
}

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

function walk(value: unknown, path: string, field: string, depth: number, rules: SecretRules): SensitiveFinding | null {
  if (typeof value === 'string') {
    const kind = inString(value, field);
    return kind ? { kind, path } : null;
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = walk(item, `${path}[${i}]`, field, depth + 1, rules);
      if (found) return found;
    }
    return null;
  }
  const object = value as Record<string, unknown>;
  if (rules === 'x402' && isExemptSignedObject(object)) return null;
  const shape = inObjectShape(object) ?? (rules === 'x402' ? x402ObjectRule(object) : null);
  if (shape) return { kind: shape, path };
  for (const [key, child] of Object.entries(object)) {
    const childPath = path ? `${path}.${key}` : key;
    const x402 = rules === 'x402' ? x402KeyRule(key, child) : null;
    if (x402) return { kind: x402, path: childPath };
    const named = SECRET_FIELD.find(([pattern]) => pattern.test(key));
    if (named && typeof child === 'string' && child.trim() !== '') return { kind: named[1], path: childPath };
    const found = walk(child, childPath, key, depth + 1, rules);
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
export function findSensitiveInput(body: unknown, rules: SecretRules = 'service'): SensitiveFinding | null {
  return walk(body, '', '', 0, rules);
}

const KIND_NAMES: Record<SecretKind, string> = {
  mnemonic: 'a seed phrase (BIP-39 mnemonic)',
  private_key: 'a private key',
  extended_private_key: 'an extended private key',
  keystore: 'an encrypted keystore file',
  jwk_private_key: 'a private JSON Web Key',
  pem_private_key: 'a PEM private key',
  password_or_token: 'a password or access token',
  secret_field: 'a field reserved for secrets (a key, seed, password, token, cookie or authorization header)',
  signed_authorization: 'a signed payment authorization (usable by anyone until it expires)',
};

/** The x402-* family's refusal: echoes nothing of the request, not even the field path (design sheet §0). */
export function describeX402Finding(finding: SensitiveFinding): string {
  return `The request holds what looks like ${KIND_NAMES[finding.kind]}. Send only public addresses, hashes and the unsigned authorization fields, never a signature or a secret. Nothing was charged.`;
}

/** "The request holds what looks like a private key (at notes)." The secret itself is never repeated. */
export function describeFinding(finding: SensitiveFinding): string {
  return `The request holds what looks like ${KIND_NAMES[finding.kind]}${finding.path ? ` (at ${finding.path})` : ''}. Paysight never needs secrets: send only public addresses, hashes and sanitized context. Nothing was charged.`;
}
