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
  };
  /** Members of one skill. */
  skill: { id: string; name: string; description: string; tags: string; required: readonly string[] };
  /** Members of one capabilities.extensions entry. */
  extension: { uri: string; required: string; params: string };
}

export const A2A_AGENT_CARD_FIELDS: Readonly<Record<A2aCardVersion, A2aCardFieldMap>> = {
  '0.3': {
    required: ['capabilities', 'defaultInputModes', 'defaultOutputModes', 'description', 'name', 'protocolVersion', 'skills', 'url', 'version'],
    fields: { name: 'name', description: 'description', version: 'version', provider: 'provider', skills: 'skills', extensions: 'extensions', interfaces: 'additionalInterfaces', interfaceBinding: 'transport' },
    skill: { id: 'id', name: 'name', description: 'description', tags: 'tags', required: ['description', 'id', 'name', 'tags'] },
    extension: { uri: 'uri', required: 'required', params: 'params' },
  },
  '1.0': {
    required: ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills'],
    fields: { name: 'name', description: 'description', version: 'version', provider: 'provider', skills: 'skills', extensions: 'extensions', interfaces: 'supportedInterfaces', interfaceBinding: 'protocolBinding' },
    skill: { id: 'id', name: 'name', description: 'description', tags: 'tags', required: ['id', 'name', 'description', 'tags'] },
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
