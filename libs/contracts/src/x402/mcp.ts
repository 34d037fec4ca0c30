/**
 * MCP 2025-11-25 facts the x402-* family reads (design sheet §R), restated as data from the MCP
 * specification's schema as @modelcontextprotocol/sdk ships it (MIT): `spec.types.d.ts`
 * (ToolAnnotations and their defaults) and `shared/toolNameValidation.js` (SEP-986 tool names).
 * Versioned with X402_REFERENCE_DATA_VERSION.
 */

/** The MCP protocol revision these facts are from (the SDK's LATEST_PROTOCOL_VERSION). */
export const MCP_PROTOCOL_REVISION = '2025-11-25';

/**
 * Tool names (SEP-986): 1 to 128 characters, case-sensitive, ASCII letters, digits, `_`, `-` and
 * `.`; a leading or trailing `-` or `.` is allowed but only warned about.
 */
export const MCP_TOOL_NAME = {
  minLength: 1,
  maxLength: 128,
  pattern: /^[A-Za-z0-9._-]{1,128}$/,
  /** Allowed by the pattern but flagged by the SDK: a leading or trailing dash or dot. */
  discouraged: /^[-.]|[-.]$/,
} as const;

export const MCP_ANNOTATION_HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type McpAnnotationHint = (typeof MCP_ANNOTATION_HINTS)[number];

/**
 * What a client must assume when a tool omits a hint (ToolAnnotations "Default:" values).
 * destructiveHint and idempotentHint are meaningful only when readOnlyHint is false.
 */
export const MCP_ANNOTATION_DEFAULTS: Readonly<Record<McpAnnotationHint, boolean>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/**
 * Elicitation (MCP 2025-11-25, client feature): the server asks the user through the client, either
 * with a form the client renders or by sending the user to a URL. A client declares the modes it
 * supports under capabilities.elicitation; an empty object there means form only (the revision
 * before URL mode had no sub-keys).
 */
export const MCP_ELICITATION_MODES = ['form', 'url'] as const;
export type McpElicitationMode = (typeof MCP_ELICITATION_MODES)[number];
/** A request without `mode` is a form request. */
export const MCP_ELICITATION_DEFAULT_MODE: McpElicitationMode = 'form';
/** The user's answer to an elicitation request (ElicitResult.action). Only a form accept carries content. */
export const MCP_ELICITATION_ACTIONS = ['accept', 'decline', 'cancel'] as const;
export type McpElicitationAction = (typeof MCP_ELICITATION_ACTIONS)[number];
export const MCP_ELICITATION_METHODS = {
  create: 'elicitation/create',
  /** Sent by the server when the out-of-band step of a URL elicitation has finished; params {elicitationId}. */
  complete: 'notifications/elicitation/complete',
} as const;
/** URLElicitationRequiredError: the JSON-RPC error whose data.elicitations lists URL-mode elicitations only. */
export const MCP_URL_ELICITATION_REQUIRED = -32042;
/** The primitive property types a form's requestedSchema may use (flat object; enums are strings, multi-select enums arrays of strings). */
export const MCP_ELICITATION_PRIMITIVE_TYPES = ['string', 'number', 'integer', 'boolean'] as const;
/**
 * The spec forbids asking for sensitive information (passwords, API keys, access tokens, payment
 * credentials) in form mode: it must go through URL mode. Our pattern for it, read against the
 * property names and descriptions of a form's schema (design sheet §48).
 */
export const MCP_ELICITATION_SENSITIVE = /password|api[\s_-]?key|token|card|cvv|seed|mnemonic|private[\s_-]?key|payment[\s_-]?credential/i;

/**
 * MCP registry server.json rules (schema 2025-09-29, modelcontextprotocol/registry, MIT): the
 * schema's own bounds plus the official registry's extra requirements (docs/reference/server-json/
 * official-registry-requirements.md), restated as data.
 */
export const MCP_SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json';
export const MCP_SERVER_JSON_RULES = {
  /** Reverse-DNS namespace, exactly one slash, then the server name. */
  name: { pattern: /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, minLength: 3, maxLength: 200 },
  description: { minLength: 1, maxLength: 100 },
  /** A server or package version: one specific version, never "latest" or a range (^1.2.3, ~1.2.3, >=1.2.3, 1.x, 1.*). */
  version: { maxLength: 255, forbidden: 'latest', range: /^[\^~<>=]|(?:^|\.)[xX*](?:\.|$)|\|\||\s/ },
  /** mcpb packages: the SHA-256 of the bundle file, lowercase hex. */
  fileSha256: /^[a-f0-9]{64}$/,
} as const;

export const MCP_REGISTRY_TYPES = ['npm', 'pypi', 'nuget', 'oci', 'mcpb'] as const;
export type McpRegistryType = (typeof MCP_REGISTRY_TYPES)[number];

/**
 * The registry base URLs the official registry accepts per registry type (private registries and
 * mirrors are refused). A host starting with "*." allows any subdomain; a URL with a path must match
 * it exactly. NuGet keeps its bare host for backwards compatibility.
 */
export const MCP_REGISTRY_BASE_URLS: Readonly<Record<McpRegistryType, readonly string[]>> = {
  npm: ['https://registry.npmjs.org'],
  pypi: ['https://pypi.org'],
  nuget: ['https://api.nuget.org/v3/index.json', 'https://api.nuget.org'],
  oci: ['https://docker.io', 'https://ghcr.io', 'https://*.pkg.dev', 'https://*.azurecr.io', 'https://mcr.microsoft.com'],
  mcpb: ['https://github.com', 'https://gitlab.com'],
};

/** An mcpb identifier must be a release download on GitHub or GitLab. */
export const MCP_MCPB_RELEASE_URLS: readonly RegExp[] = [/^https:\/\/github\.com\/[^/]+\/[^/]+\/releases\/download\/[^/]+\/[^/]+$/, /^https:\/\/gitlab\.com\/.+\/-\/releases\/[^/]+\/downloads\/.+$/];

/** The only _meta key the official registry keeps; others are dropped on publish. Its JSON may be at most 4096 bytes. */
export const MCP_REGISTRY_PUBLISHER_META = { key: 'io.modelcontextprotocol.registry/publisher-provided', maxBytes: 4096 } as const;

/** Design sheet §44: an environment variable whose name says it holds a credential must be marked isSecret. */
export const MCP_SECRET_ENV_NAME = /KEY|TOKEN|SECRET|PASSWORD/i;
