import { catalogEntry, DISCOVERY_DOCUMENT_KINDS, type CatalogEntryOf, type Confidence, type DiscoveryDocumentKind, type RequestOf, type ResultOf } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { defineRequestOnlyTool, micro, usdc } from '../../ext/verdict.js';
import { expansionAnswer } from '../answer.js';
import { caip2Of } from '../x402-terms.js';
import { compareDeclarations, type Expectations } from './compare.js';
import { locate, normalizedPath, type Declaration } from './declarations.js';
import { jsonDeclarations } from './json-documents.js';
import { llmsDeclarations } from './llms-text.js';

type Entry = CatalogEntryOf<'service_discovery_audit'>;
export type DiscoveryAuditInput = RequestOf<Entry>;
export type DiscoveryAuditResult = ResultOf<Entry>;
type Decision = DiscoveryAuditResult['decision'];

/** Most findings and declarations an answer lists; the evidence says how many there were in all. */
export const DISCOVERY_AUDIT_CAPS = { findings: 200, declarations: 300 } as const;

const LIMITATIONS = [
  'Only the documents in the request were read: nothing was fetched, so a document the service now serves differently is not seen, and no 402 challenge was requested from the resources.',
  'JSON Schemas, examples and extension declarations inside the documents are not read.',
  'llms.txt is read line by line: a resource and its price on different lines are not joined.',
  'Assets are checked against the canonical USDC of Paysight\'s chain registry (Ethereum, Base, Polygon, Arbitrum, Optimism); on other networks they are only compared between documents.',
  'Hosts sharing their last two labels (api.example.com and example.com) count as one domain; under multi-part public suffixes (example.co.uk) unrelated sites can be taken as related.',
];

const NEXT_ACTION: Record<Decision, string> = {
  consistent: 'The documents agree: pay what the resource\'s 402 challenge asks after checking it states the same price, asset, network and payee.',
  minor_drift: 'The documents disagree on details that do not redirect money; pay from the resource\'s 402 challenge and report the listed findings to the operator.',
  major_drift: 'Do not pay from these documents: they disagree on what to pay, where or to whom. Ask the operator to fix the high findings, or pay only a 402 challenge that matches your expectation.',
  insufficient_evidence: 'Submit at least two of the service\'s discovery documents (or one with expected_resource_path and expected_price) that declare paid resources.',
};

function expectationsOf(input: DiscoveryAuditInput): Expectations {
  const path = input.expected_resource_path;
  return {
    path: path === undefined ? null : (locate(path.trim(), input.service_url)?.path ?? normalizedPath(path.trim())),
    amount: input.expected_price === undefined ? null : micro(input.expected_price),
    currency: input.expected_currency ?? null,
    network: input.network === undefined ? null : (caip2Of(input.network) ?? input.network.trim()),
  };
}

function declarationsByDocument(input: DiscoveryAuditInput): { byDocument: Map<DiscoveryDocumentKind, Declaration[]>; supplied: DiscoveryDocumentKind[] } {
  const documents = input.discovery_documents;
  const byDocument = new Map<DiscoveryDocumentKind, Declaration[]>();
  for (const kind of DISCOVERY_DOCUMENT_KINDS) {
    if (kind === 'llms_text') {
      if (documents.llms_text !== undefined) byDocument.set(kind, llmsDeclarations(documents.llms_text, input.service_url));
    } else if (documents[kind] !== undefined) {
      byDocument.set(kind, jsonDeclarations(kind, documents[kind], input.service_url));
    }
  }
  return { byDocument, supplied: [...byDocument.keys()] };
}

const distinct = <T>(values: readonly T[]) => [...new Set(values)];

function tableRow(d: Declaration) {
  return {
    document: d.document,
    at: d.at,
    path: d.path,
    origin: d.origin,
    method: d.method,
    amount_usdc: d.amount?.atomic == null ? null : usdc(d.amount.atomic),
    amount_stated: d.amount?.raw ?? null,
    amount_field: d.amount?.field ?? null,
    currency: d.currency,
    asset: d.asset,
    network: d.caip2 ?? d.network,
    pay_to: d.payTo,
  };
}

/**
 * Reads every submitted discovery document into one table of declared paid resources (path, method,
 * price in micro-USDC, currency, asset, CAIP-2 network, payee), then compares the documents with
 * each other and with the caller's expectations (docs/tools/expansion.md). Pure.
 */
export function analyzeServiceDiscovery(input: DiscoveryAuditInput): ToolOutput<DiscoveryAuditResult> {
  const service = new URL(input.service_url);
  const { byDocument, supplied } = declarationsByDocument(input);
  const expected = expectationsOf(input);
  const { findings, checked, paths, pathsCompared } = compareDeclarations(byDocument, supplied, service, expected);
  const hasExpectation = expected.path !== null || expected.amount !== null || expected.currency !== null || expected.network !== null;
  const comparable = checked.length >= 2 || (checked.length === 1 && hasExpectation);
  const decision: Decision =
    checked.length === 0 ? 'insufficient_evidence' : findings.has('high') ? 'major_drift' : !comparable ? 'insufficient_evidence' : findings.has('medium') ? 'minor_drift' : 'consistent';
  const confidence: Confidence = decision === 'insufficient_evidence' || checked.length < 2 ? 'low' : checked.length === 2 ? 'medium' : 'high';

  const all = findings.list();
  const serious = all.filter((f) => f.severity !== 'low');
  const riskFlags = distinct(serious.map((f) => f.code));
  const declarations = checked.flatMap((kind) => byDocument.get(kind)!);
  const against = hasExpectation ? ' and with the expectation' : '';
  const summaries: Record<Decision, string> = {
    consistent: `${checked.length} documents declare ${paths} paid path(s) for ${service.origin}; they agree with each other${against}.`,
    minor_drift: `Minor drift across ${checked.length} document(s) for ${service.origin}: ${riskFlags.join(', ')}; nothing redirects a payment.`,
    major_drift: `Major drift across ${checked.length} document(s) for ${service.origin}: ${distinct(all.filter((f) => f.severity === 'high').map((f) => f.code)).join(', ')}.`,
    insufficient_evidence:
      checked.length === 0
        ? `None of the ${supplied.length} submitted document(s) declares a paid resource this audit can read.`
        : `Only ${checked[0]} declares paid resources, and no expectation was given to compare it with.`,
  };
  const unread = supplied.filter((kind) => !checked.includes(kind));
  const limitations = [...LIMITATIONS, ...(unread.length ? [`${unread.join(', ')} declared no paid resource this audit can read (a location together with a price).`] : [])];
  if (all.length > DISCOVERY_AUDIT_CAPS.findings) limitations.push(`${all.length} findings were made; the first ${DISCOVERY_AUDIT_CAPS.findings} (most severe first) are listed.`);

  return expansionAnswer(
    {
      decision,
      confidence,
      summary: summaries[decision],
      evidence: {
        service_origin: service.origin,
        expectations: {
          path: expected.path,
          price_usdc: expected.amount === null ? null : usdc(expected.amount),
          currency: expected.currency,
          network: expected.network,
        },
        documents: Object.fromEntries(
          supplied.map((kind) => {
            const rows = byDocument.get(kind)!;
            return [kind, { declarations: rows.length, paths: distinct(rows.map((d) => d.path)).length, origins: distinct(rows.map((d) => d.origin)), networks: distinct(rows.map((d) => d.caip2 ?? d.network).filter((n) => n !== null)) }];
          }),
        ),
        paths_declared: paths,
        paths_compared: pathsCompared,
        findings_total: all.length,
        findings_by_severity: { high: all.filter((f) => f.severity === 'high').length, medium: all.filter((f) => f.severity === 'medium').length, low: all.filter((f) => f.severity === 'low').length },
        declarations_total: declarations.length,
        declarations: declarations.slice(0, DISCOVERY_AUDIT_CAPS.declarations).map(tableRow),
      },
      riskFlags,
      nextAction: NEXT_ACTION[decision],
      limitations,
    },
    { checked_documents: checked, findings: all.slice(0, DISCOVERY_AUDIT_CAPS.findings) },
  );
}

export const serviceDiscoveryAudit = defineRequestOnlyTool(catalogEntry('service_discovery_audit'), analyzeServiceDiscovery);
