/**
 * A2A AgentCard field maps (design sheet §R), restated as data from a2aproject/A2A (Apache-2.0):
 * v0.3 from `specification/json/a2a.json` at tag v0.3.0 (definitions AgentCard, AgentSkill,
 * AgentCapabilities, AgentExtension, AgentInterface), v1.0 from `specification/a2a.proto` at tag
 * v1.0.0 (messages AgentCard, AgentInterface, AgentSkill, AgentCapabilities, AgentExtension) in its
 * proto3 JSON form (lowerCamelCase names, as the v1.0 specification's examples write them).
 * The x402 extension URI is from google-agentic-commerce/a2a-x402 `spec/v0.2/spec.md` §2 (Apache-2.0).
 * Versioned with X402_REFERENCE_DATA_VERSION.
 */

export const A2A_CARD_VERSIONS = ['0.3', '1.0'] as const;
export type A2aCardVersion = (typeof A2A_CARD_VERSIONS)[number];

export interface A2aCardFieldMap {
  /** Top-level members the version requires. */
  required: readonly string[];
  /** Member names of the facts a reader needs, in this version's spelling. */
  fields: {
    name: string;
    description: string;
    version: string;
    provider: string;
    skills: string;
    /** Under `capabilities`. */
    extensions: string;
    /** The list of the card's endpoints other than (v0.3) or including (v1.0) the main url. */
    interfaces: string;
    /** Per interface: its transport or protocol binding. */
    interfaceBinding: string;
    /** v0.3's main endpoint, outside the interface list; null where the list holds every endpoint. */
    mainUrl: string | null;
    documentationUrl: string;
    /** Under `provider`. */
    providerOrganization: string;
    providerUrl: string;
    securitySchemes: string;
    /** The list of requirement objects naming the schemes a client must satisfy. */
    securityRequirements: string;
    /** JWS signatures over the card (members protected, signature, header). */
    signatures: string;
    defaultInputModes: string;
    defaultOutputModes: string;
  };
  /** Members of one skill. */
  skill: { id: string; name: string; description: string; tags: string; examples: string; inputModes: string; outputModes: string; required: readonly string[] };
  /** Members of one capabilities.extensions entry. */
  extension: { uri: string; required: string; params: string };
}

/** Member names both versions spell alike. */
const COMMON_FIELDS = {
  name: 'name',
  description: 'description',
  version: 'version',
  provider: 'provider',
  skills: 'skills',
  extensions: 'extensions',
  documentationUrl: 'documentationUrl',
  providerOrganization: 'organization',
  providerUrl: 'url',
  securitySchemes: 'securitySchemes',
  signatures: 'signatures',
  defaultInputModes: 'defaultInputModes',
  defaultOutputModes: 'defaultOutputModes',
} as const;
const COMMON_SKILL = { id: 'id', name: 'name', description: 'description', tags: 'tags', examples: 'examples', inputModes: 'inputModes', outputModes: 'outputModes' } as const;

export const A2A_AGENT_CARD_FIELDS: Readonly<Record<A2aCardVersion, A2aCardFieldMap>> = {
  '0.3': {
    required: ['capabilities', 'defaultInputModes', 'defaultOutputModes', 'description', 'name', 'protocolVersion', 'skills', 'url', 'version'],
    fields: {
      ...COMMON_FIELDS,
      interfaces: 'additionalInterfaces',
      interfaceBinding: 'transport',
      mainUrl: 'url',
      securityRequirements: 'security',
    },
    skill: { ...COMMON_SKILL, required: ['description', 'id', 'name', 'tags'] },
    extension: { uri: 'uri', required: 'required', params: 'params' },
  },
  '1.0': {
    required: ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills'],
    fields: {
      ...COMMON_FIELDS,
      interfaces: 'supportedInterfaces',
      interfaceBinding: 'protocolBinding',
      mainUrl: null,
      securityRequirements: 'securityRequirements',
    },
    skill: { ...COMMON_SKILL, required: ['id', 'name', 'description', 'tags'] },
    extension: { uri: 'uri', required: 'required', params: 'params' },
  },
};

/**
 * Members only one version has, which tell the versions apart: v0.3's main `url` and
 * `protocolVersion`, v1.0's `supportedInterfaces` (which replaced them).
 */
export const A2A_CARD_VERSION_MARKERS: Readonly<Record<A2aCardVersion, readonly string[]>> = {
  '0.3': ['url', 'protocolVersion', 'preferredTransport', 'additionalInterfaces'],
  '1.0': ['supportedInterfaces'],
};

/** The a2a-x402 extension: every version's URI starts with this prefix (v0.2's is {prefix}blob/main/spec/v0.2). */
export const A2A_X402_EXTENSION_URI_PREFIX = 'https://github.com/google-agentic-commerce/a2a-x402/';

/**
 * How each version writes an API-key security scheme and where the key travels: v0.3 as OpenAPI does
 * ({type: "apiKey", in}), v1.0 as the proto3 JSON of the SecurityScheme oneof ({apiKeySecurityScheme: {location}}).
 */
export const A2A_API_KEY_SCHEME: Readonly<Record<A2aCardVersion, { wrapper: string | null; type: { field: string; value: string } | null; location: string }>> = {
  '0.3': { wrapper: null, type: { field: 'type', value: 'apiKey' }, location: 'in' },
  '1.0': { wrapper: 'apiKeySecurityScheme', type: null, location: 'location' },
};

/**
 * Our reading of the a2a-x402 extension's `params` (the extension's spec defines none, so this is a
 * convention, documented on the tools that read it): `price` (a decimal, "$0.01" or {amount}) and
 * the payment methods either as `accepts` (x402 PaymentRequirements, read by X402P) or as flat
 * `scheme`, `network`/`networks` and `asset` (or `currency`).
 */
export const A2A_X402_EXTENSION_PARAMS = { price: 'price', accepts: 'accepts', scheme: 'scheme', network: 'network', networks: 'networks', asset: 'asset', currency: 'currency' } as const;
