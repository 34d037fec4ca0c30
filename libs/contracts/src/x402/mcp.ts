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
