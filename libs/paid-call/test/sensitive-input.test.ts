import { describeFinding, findSensitiveInput, type SecretKind } from '../src/sensitive-input.js';

const MNEMONIC = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
const KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const TX_HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
const XPRV = `xprv${'9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi'.slice(0, 107)}`;

const POSITIVES: [string, unknown, SecretKind, string][] = [
  ['a 12-word mnemonic in notes', { address: '0x1', notes: MNEMONIC }, 'mnemonic', 'notes'],
  ['a mnemonic with other separators and mixed case', { notes: MNEMONIC.split(' ').map((w, i) => (i % 2 ? w.toUpperCase() : w)).join(', ') }, 'mnemonic', 'notes'],
  ['a mnemonic inside a sentence', { notes: `my wallet words: ${MNEMONIC} please audit` }, 'mnemonic', 'notes'],
  ['a bare 64-hex value outside a hash field', { notes: KEY }, 'private_key', 'notes'],
  ['a 0x-prefixed key in a nested field', { caller_context: { wallet: { signer: `0x${KEY}` } } }, 'private_key', 'caller_context.wallet.signer'],
  ['a key labelled in text', { notes: `the private key is 0x${KEY} thanks` }, 'private_key', 'notes'],
  ['a privateKey field', { privateKey: 'anything at all' }, 'private_key', 'privateKey'],
  ['a mnemonic field', { seed_phrase: 'words' }, 'mnemonic', 'seed_phrase'],
  ['a password field', { caller_context: { password: 'hunter2' } }, 'password_or_token', 'caller_context.password'],
  ['an api key field', { apiKey: 'sk-live-123' }, 'password_or_token', 'apiKey'],
  ['a password given in text', { notes: 'login with password: hunter2' }, 'password_or_token', 'notes'],
  ['a long letters-only password given in text', { notes: 'password = correcthorsebatterystaple' }, 'password_or_token', 'notes'],
  ['an extended private key', { notes: `backup ${XPRV}` }, 'extended_private_key', 'notes'],
  ['a PEM private key', { notes: '-----BEGIN EC PRIVATE KEY-----\nMHQCAQEE...\n-----END EC PRIVATE KEY-----' }, 'pem_private_key', 'notes'],
  ['a keystore file', { caller_context: { version: 3, crypto: { ciphertext: 'ab', kdf: 'scrypt', kdfparams: {} } } }, 'keystore', 'caller_context'],
  ['a JWK with its private part', { caller_context: { jwk: { kty: 'EC', crv: 'P-256', x: 'a', y: 'b', d: 'secret' } } }, 'jwk_private_key', 'caller_context.jwk'],
  ['a 24-word mnemonic as a numbered list', { notes: Array.from({ length: 24 }, (_, i) => `${i + 1}. ${MNEMONIC.split(' ')[i % 12]}`).join('\n') }, 'mnemonic', 'notes'],
  ['a mnemonic joined by hyphens in upper case', { goal: MNEMONIC.toUpperCase().replaceAll(' ', '-') }, 'mnemonic', 'goal'],
  ['a 64-hex key in a non-hash field of the recommend body', { goal: 'audit', riskType: KEY }, 'private_key', 'riskType'],
  ['an api key given in text', { goal: 'use api_key=sk_live_51HxYz to call it' }, 'password_or_token', 'goal'],
  ['an access token in a URL query', { resource_url: 'https://api.example.com/report?access_token=abc123def456' }, 'password_or_token', 'resource_url'],
  ['a bearer credential', { caller_context: { headers: 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig' } }, 'password_or_token', 'caller_context.headers'],
  ['a key in an array item', { addresses: ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', KEY] }, 'private_key', 'addresses[1]'],
];

const NEGATIVES: [string, unknown][] = [
  ['a transaction hash in transactionHash', { transactionHash: TX_HASH, chain: 'base' }],
  ['a transaction hash in hash and transaction_hash', { hash: TX_HASH, transaction_hash: TX_HASH }],
  ['sha256 hashes in hash fields', { resource_url_hash: `sha256:${KEY}`, response_hash: `sha256:${KEY}`, evidenceHash: KEY, requestSchemaHashes: [KEY] }],
  ['a transaction hash mentioned in a sentence', { notes: `please look at ${TX_HASH}, it failed` }],
  ['an address', { address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }],
  ['ordinary prose', { notes: 'Audit this wallet before we pay the seller; it received funds from an exchange last week.' }],
  ['eleven list words', { notes: MNEMONIC.split(' ').slice(0, 11).join(' ') }],
  ['an integer seed', { seed: 42, plan: { nodes: [] } }],
  ['an empty password field', { password: '' }],
  ['a JWK without a private part', { jwk: { kty: 'EC', crv: 'P-256', x: 'a', y: 'b' } }],
  ['an idempotency key of 64 hex digits', { idempotency_key: KEY }],
  ['a goal about passwords without one', { goal: 'check whether the seller asks agents for a password or an api key' }],
  ['a token contract named as such', { notes: 'token: USDC on base, amount: 0.01' }],
  ['a label followed by prose, as an llms.txt says it', { llms_text: 'No account and no API key: the payment is the access. Password: required.' }],
  ['a goal naming a failed 402 with a transaction hash', { goal: `my paid call failed after payment, tx ${TX_HASH}`, hasTransactionHash: true }],
];

describe('findSensitiveInput', () => {
  it.each(POSITIVES)('finds %s', (_label, body, kind, path) => {
    expect(findSensitiveInput(body)).toEqual({ kind, path });
  });

  it.each(NEGATIVES)('lets %s through', (_label, body) => {
    expect(findSensitiveInput(body)).toBeNull();
  });

  it('names the kind and the place, never the secret', () => {
    const message = describeFinding(findSensitiveInput({ notes: `pk ${MNEMONIC}` })!);
    expect(message).toMatch(/seed phrase.*at notes/);
    expect(message).not.toContain('abandon');
  });
});
