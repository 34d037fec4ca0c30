import type { z } from 'zod';
import type { humanIntentChecksumRequest } from '../schemas/ext/human-intent-checksum.js';
import type { revocationPropagationRequest } from '../schemas/ext/revocation-propagation.js';
import type { versionContinuityRequest } from '../schemas/ext/version-continuity-proof.js';

/*
 * Example requests of three /api/ext/ tools, with real signatures: the person and the agent owner
 * are the first two accounts of the Hardhat/Anvil test mnemonic (public keys, never for real funds).
 * A change to a signed field invalidates its signature: sign again with the same keys (viem's
 * privateKeyToAccount; @paysight/tools exports what is signed: intentSignedPayload,
 * revocationSignedPayload, grantSignedPayload; a version signs the fingerprint of itself without
 * its signature).
 */

const HASH = (byte: string) => `sha256:${byte.repeat(32)}`;
const PERSON = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** verify: an intent signed as EIP-712 HumanIntent on Base, and a payment that keeps within it. */
export const HUMAN_INTENT_EXAMPLE = {
  mode: 'verify',
  intent: {
    intentId: 'intent-2026-11-0042',
    principal: PERSON,
    agentId: 'agent:travel-booker',
    purpose: 'Buy flight fare data for the Lisbon trip',
    maxAmount: '0.50',
    maxTotalAmount: '2.00',
    currency: 'USDC',
    allowedPayees: ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
    allowedResources: ['https://api.example-fares.com/v1/fares/*'],
    allowedNetworks: ['base'],
    notBefore: '2026-11-24T00:00:00Z',
    expiresAt: '2026-12-31T23:59:59Z',
    nonce: '7f3a9c21',
  },
  intentChecksum: 'sha256:c2682812a438c194c39e3dd87cbd18adcd52e4aa61c34333a8212c84a344e7be',
  authorization: {
    scheme: 'eip712',
    signer: PERSON,
    signature: '0x4046a81025688cf8dfa4ee50fa1b472fbf8f962d1defff63d389a430f30ca9c402da3e654ae96373620188073934b279367e446a8f996c3e812613721b537a0a1c',
    chainId: 8453,
  },
  proposedAction: {
    actionId: 'act-17',
    agentId: 'agent:travel-booker',
    payee: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    resource: 'https://api.example-fares.com/v1/fares/LIS-JFK',
    amount: '0.25',
    currency: 'USDC',
    network: 'eip155:8453',
    purpose: 'Buy flight fare data for the Lisbon trip',
    spentSoFar: '0.75',
  },
  policy: { evaluatedAt: '2026-11-24T12:00:00Z', requireSignature: true, allowedSchemes: ['eip712', 'eip191'] },
} satisfies z.input<typeof humanIntentChecksumRequest>;

/** The same intent revoked by its principal, with the intent's personal_sign as the grant proof; one target is not opted in. */
export const REVOCATION_EXAMPLE = {
  authorizationProof: {
    revokerSignature: {
      scheme: 'eip712',
      signer: PERSON,
      signature: '0x9bc8605d50443251b46365fcc853cc80649dd4594775b1c5728ecd9cd18b75f17bc1ddd624648a30d29b7465da62751d1be5eeb963cbd0add35a7afb4035864a1c',
      chainId: 8453,
    },
    grantSignature: {
      scheme: 'eip191',
      signer: PERSON,
      signature: '0x95e80fd61037f061fdc419c5a8f9982ccd17267d232daeb9f5866d147d1dc545303fb52f0bea03b83643b360842b4258404e7a3245d241cd79bd713157923c821b',
    },
  },
  revocation: {
    grantId: HUMAN_INTENT_EXAMPLE.intent.intentId,
    grantType: 'human_intent',
    grantor: PERSON,
    grantee: HUMAN_INTENT_EXAMPLE.intent.agentId,
    grantChecksum: HUMAN_INTENT_EXAMPLE.intentChecksum,
    effectiveAt: '2026-11-25T09:00:00Z',
    reason: 'Trip cancelled',
    nonce: 'rev-0001',
  },
  targets: [
    {
      targetId: 'seller:example-fares',
      endpoint: 'https://api.example-fares.com/revocations',
      identityVerified: true,
      optIn: {
        evidenceHash: HASH('a1'),
        verified: true,
        optedInAt: '2026-10-01T00:00:00Z',
        expiresAt: null,
        grantTypes: ['human_intent', 'delegation'],
      },
    },
    {
      targetId: 'agent:travel-booker',
      endpoint: 'mcp://travel-booker/revocations',
      identityVerified: true,
      optIn: {
        evidenceHash: HASH('b2'),
        verified: true,
        optedInAt: '2026-10-01T00:00:00Z',
        expiresAt: null,
      },
    },
    {
      targetId: 'registry:agent-directory',
      identityVerified: false,
      optIn: null,
    },
  ],
  policy: { maxTargets: 10, requireGrantProof: true, requireVerifiedIdentity: true },
} satisfies z.input<typeof revocationPropagationRequest>;

const ROUTES = [
  { method: 'POST', path: '/api/book', operationId: 'book' },
  { method: 'GET', path: '/api/quote', operationId: 'quote' },
];
/** A version of the continuity example: what changes between the two is passed in, the rest is shared. */
const agentVersion = (v: { manifestHash: string; codeHash: string; signedAt: string; routes: typeof ROUTES; responseSchemaHashes: string[]; dependencyHashes: string[]; signature: string }) => ({
  agentId: 'agent:travel-booker',
  manifestHash: v.manifestHash,
  codeHash: v.codeHash,
  signedAt: v.signedAt,
  ownerKeys: [{ keyId: 'owner-1', algorithm: 'eip191', publicKeyOrAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', status: 'active' }],
  paymentWallets: [{ network: 'base', address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' }],
  routes: v.routes,
  requestSchemaHashes: [HASH('01'), HASH('02')],
  responseSchemaHashes: v.responseSchemaHashes,
  permissionScopes: ['fares:read', 'bookings:write'],
  dependencyHashes: v.dependencyHashes,
  signature: { keyId: 'owner-1', algorithm: 'eip191', value: v.signature },
});

/** A new version signed (eip191) by the previous version's owner key: one route, one response schema and one dependency added, one dependency replaced. */
export const VERSION_CONTINUITY_EXAMPLE = {
  previousVersion: agentVersion({
    manifestHash: HASH('a0'),
    codeHash: HASH('c1'),
    signedAt: '2026-06-01T00:00:00Z',
    routes: ROUTES,
    responseSchemaHashes: [HASH('11'), HASH('12')],
    dependencyHashes: [HASH('d1'), HASH('d2'), HASH('d3')],
    signature: '0xbbd6a2b2c58776c964de4351c634bc348e17128d4eb00f5cfee4a7f91d28a670256f2a3b788a0cff291c0b6a27236cc52794ded840c097a626f7cef94cda0b0e1c',
  }),
  currentVersion: agentVersion({
    manifestHash: HASH('a1'),
    codeHash: HASH('c2'),
    signedAt: '2026-11-20T00:00:00Z',
    routes: [...ROUTES, { method: 'GET', path: '/api/bookings/{id}', operationId: 'getBooking' }],
    responseSchemaHashes: [HASH('11'), HASH('12'), HASH('13')],
    dependencyHashes: [HASH('d1'), HASH('d2'), HASH('d4')],
    signature: '0x14ca2624e3d3712911b6c7b9dc6cb305243c8ccc866dc20edb3f71054bedccb5784a04f13ae377eaab29ea511611fccf5ed9a94d3e1db5e7818469a0627e28601b',
  }),
  policy: { requireSameOwner: true, maximumSchemaBreakPercent: 20, blockPrivilegeExpansionWithoutApproval: true, reputationTransferThreshold: 70 },
} satisfies z.input<typeof versionContinuityRequest>;
