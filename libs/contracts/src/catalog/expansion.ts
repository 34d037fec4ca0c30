import { agentCompatibilityRequest } from '../schemas/expansion/agent-compatibility-analyzer.js';
import { paymentHistorySummaryRequest } from '../schemas/expansion/agent-payment-history-summary.js';
import { serviceDiscoveryAuditRequest } from '../schemas/expansion/service-discovery-audit.js';
import { agentCompatibilityResult } from '../results/expansion/agent-compatibility-analyzer.js';
import { paymentHistorySummaryResult } from '../results/expansion/agent-payment-history-summary.js';
import { serviceDiscoveryAuditResult } from '../results/expansion/service-discovery-audit.js';
import { CHAINS } from '../chains.js';
import { EXAMPLE_PAYEE } from '../schemas/common.js';
import { DOCUMENT_BODY_LIMIT_BYTES, defineTool } from './entry.js';

/** The open expansion envelope v2 of spec document 2. */
const EXPANSION_V2 = { kind: 'expansion', productFamily: 'agent_expansion_v2_api', strict: false } as const;

const SERVICE = 'https://api.example.com';
const USDC_BASE = CHAINS.base.usdc;

/** The three expansion routes of spec document 2, at 0.25 USDC each. */
export const EXPANSION_TOOLS = [
  defineTool({
    id: 'service_discovery_audit',
    slug: 'service-discovery-audit',
    path: '/api/x402/service-discovery-audit',
    mcpName: 'svc_service_discovery_audit',
    title: 'Service discovery audit',
    description:
      'Compares the discovery documents of an x402 service (x402 resource list, agent manifest, /.well-known/ai, MCP discovery, llms.txt) with each other and with what the caller expects: missing paths, price and unit mismatches, wrong token, network or payee, resources on another origin, duplicates. Documents are submitted, never fetched.',
    price: '0.25',
    family: 'expansion',
    envelope: EXPANSION_V2,
    request: serviceDiscoveryAuditRequest,
    result: serviceDiscoveryAuditResult,
    // A service's own documents outgrow 256 KiB with its catalog (Paysight's do): they are what it audits.
    bodyLimitBytes: DOCUMENT_BODY_LIMIT_BYTES,
    example: {
      service_url: SERVICE,
      discovery_documents: {
        x402: {
          x402Version: 2,
          resources: [
            {
              resource: `${SERVICE}/v1/report`,
              type: 'http',
              method: 'POST',
              accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '50000', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 120, extra: { name: 'USD Coin', version: '2' } }],
            },
          ],
        },
        agent_manifest: {
          name: 'Example reports',
          tools: [{ id: 'report', method: 'POST', endpoint: `${SERVICE}/v1/report`, price: { amount: '0.05', currency: 'USDC', network: 'base' } }],
        },
        llms_text: `# Example reports\n\n- [Report](${SERVICE}/v1/report): one report. Price 0.05 USDC.\n`,
      },
      expected_resource_path: '/v1/report',
      expected_price: '0.05',
      expected_currency: 'USDC',
      network: 'base',
    },
  }),
  defineTool({
    id: 'agent_payment_history_summary',
    slug: 'agent-payment-history-summary',
    path: '/api/x402/agent-payment-history-summary',
    mcpName: 'svc_agent_payment_history_summary',
    title: 'Agent payment history summary',
    description:
      'Summarizes the USDC payments a payee received on chain over a lookback of days: count, payers, totals, median and p90 amounts, a daily series, top payers and concentration, repeat payers, the price points buyers pay, EIP-3009 share, and what the bounded log reads covered.',
    price: '0.25',
    family: 'expansion',
    envelope: EXPANSION_V2,
    request: paymentHistorySummaryRequest,
    result: paymentHistorySummaryResult,
    example: { chain: 'base', payee: EXAMPLE_PAYEE, currency: 'USDC', lookback_days: 30, resource_path: '/v1/report' },
  }),
  defineTool({
    id: 'agent_compatibility_analyzer',
    slug: 'agent-compatibility-analyzer',
    path: '/api/x402/agent-compatibility-analyzer',
    mcpName: 'svc_agent_compatibility_analyzer',
    title: 'Agent compatibility analyzer',
    description:
      'Can this agent pay and call this service? Checks an agent\'s declared x402 capabilities (versions, schemes, networks, assets, spending cap, payment headers, MCP versions and transports, extensions) against a submitted 402 challenge and MCP discovery document: a check matrix, blocking incompatibilities, warnings and fixes.',
    price: '0.25',
    family: 'expansion',
    envelope: EXPANSION_V2,
    request: agentCompatibilityRequest,
    result: agentCompatibilityResult,
    example: {
      agent: {
        x402_versions: [2],
        schemes: ['exact'],
        networks: ['base'],
        max_amount_per_payment: '0.50',
        payment_transports: ['http_payment_signature'],
        extensions: ['payment-identifier'],
      },
      service: {
        payment_required: {
          x402Version: 2,
          error: 'Payment required',
          resource: { url: `${SERVICE}/v1/report`, description: 'One report', mimeType: 'application/json' },
          accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '250000', asset: USDC_BASE, payTo: EXAMPLE_PAYEE, maxTimeoutSeconds: 120, extra: { name: 'USD Coin', version: '2' } }],
          extensions: { 'payment-identifier': { info: { required: false } } },
        },
        call_via: 'http',
      },
    },
  }),
] as const;
