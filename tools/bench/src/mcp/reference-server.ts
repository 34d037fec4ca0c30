import type { IncomingMessage, ServerResponse } from 'node:http';
import { CATALOG } from '@paysight/contracts';
import { findToolsDefinition, mcpToolDefinitions, toolCallResult } from '@paysight/mcp-adapter';
import { buildChallenge } from '@paysight/payment';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Address } from 'viem';
import { listen, type Listening } from '../shared/listen.js';

export interface ReferenceMcpOptions {
  /** The payee named in the payment_required results. */
  payTo: Address;
  /**
   * `sdkExample`: as the SDK's stateless example (createMcpExpressApp: Host check and JSON body
   * parser; a new Server and transport per POST, each Server with its default JSON Schema validator).
   * `bare`: node:http, the body read by hand, one validator shared by every Server: the least work a
   * server can do while the SDK's Server and Node transport handle each request.
   */
  style: 'sdkExample' | 'bare';
  /**
   * Answer with plain JSON (`enableJsonResponse`, as the SDK's jsonResponseStreamableHttp example)
   * instead of the transport's default SSE stream (as its simpleStatelessStreamableHttp example).
   */
  jsonResponse: boolean;
}

export const REFERENCE_MCP_PATH = '/mcp';

const jsonRpcError = (code: number, message: string) => JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });

/**
 * A plain official-SDK stateless streamable HTTP server, with the low-level Server because the
 * tools are given as JSON Schemas. It lists the same tool definitions as Paysight and answers every
 * tools/call of a catalog tool with the payment_required result Paysight gives an unpaid call, built
 * once per tool at start: it validates no arguments and reads no payment.
 */
export async function startReferenceMcpServer(options: ReferenceMcpOptions): Promise<Listening> {
  const tools = [...mcpToolDefinitions(), findToolsDefinition()] as Tool[];
  const unpaidResults = new Map<string, CallToolResult>();
  const sharedValidator = options.style === 'bare' ? new AjvJsonSchemaValidator() : undefined;

  function newServer(): Server {
    const server = new Server({ name: 'reference', version: '1.0.0' }, { capabilities: { tools: {} }, jsonSchemaValidator: sharedValidator });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const result = unpaidResults.get(request.params.name);
      if (!result) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return result;
    });
    return server;
  }

  /** The body of the SDK example's POST route. */
  async function answer(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const server = newServer();
    try {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: options.jsonResponse });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
    } catch {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(jsonRpcError(-32603, 'Internal server error'));
    }
  }

  const listening = await listen(options.style === 'sdkExample' ? sdkExampleApp(answer) : bareHandler(answer));
  // After listening: the resource URLs name the port, as Paysight's name its own.
  for (const entry of CATALOG) {
    const challenge = buildChallenge(entry, { payTo: options.payTo, resourceUrl: `${listening.url}${entry.path}` });
    const result = toolCallResult(entry, { kind: 'payment_required', httpStatus: 402, challenge, x402RequestId: null }, { docsUrl: `${listening.url}/agents`, restUrl: `${listening.url}${entry.path}` });
    unpaidResults.set(entry.mcpName, result as CallToolResult);
  }
  return listening;
}

type Answer = (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void>;

function sdkExampleApp(answer: Answer) {
  const app = createMcpExpressApp();
  app.post(REFERENCE_MCP_PATH, (req, res) => answer(req, res, req.body));
  app.get(REFERENCE_MCP_PATH, (_req, res) => {
    res.writeHead(405).end(jsonRpcError(-32000, 'Method not allowed.'));
  });
  app.delete(REFERENCE_MCP_PATH, (_req, res) => {
    res.writeHead(405).end(jsonRpcError(-32000, 'Method not allowed.'));
  });
  return app;
}

function bareHandler(answer: Answer) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== REFERENCE_MCP_PATH) {
      res.writeHead(405).end(jsonRpcError(-32000, 'Method not allowed.'));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(jsonRpcError(-32700, 'Parse error'));
        return;
      }
      void answer(req, res, body);
    });
  };
}
