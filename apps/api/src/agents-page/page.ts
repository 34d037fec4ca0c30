import { CATALOG, DISCOVERY_PATHS, PAYMENT, TOOL_FAMILIES, TOOL_FAMILY_INFO, requestJsonSchema, type CatalogEntry, type ToolFamily } from '@paysight/contracts';
import { ICON_HREF, LOGO } from '../page/brand.js';
import { selfContainedPageCsp } from '../page/csp.js';
import { formatUsd } from '../page/format.js';
import { html, trusted, type SafeHtml } from '../page/html.js';
import { discoveryLinks, type DiscoveryLink } from './documents.js';
import { AGENTS_PAGE_SCRIPT } from './script.js';
import { mcpServersConfig, toolSnippets } from './snippets.js';
import { AGENTS_PAGE_CSS } from './styles.js';

export interface AgentsPageInput {
  /** The public origin: every URL on the page is absolute on it. */
  baseUrl: string;
  /** Off, the recommend endpoint and the workflow manifest are not linked (they answer 404). */
  agentDiscovery: boolean;
  /** The tools to list; the whole catalog unless a test passes its own. */
  catalog?: readonly CatalogEntry[];
  /** Names of the tools /api/mcp lists (MCP_TRUST_TOOLS=off leaves some out); every catalog tool when absent. */
  mcpToolNames?: ReadonlySet<string>;
}

/** The inline stylesheet and the inline script by their hashes, data: images; nothing else loads. */
export const AGENTS_PAGE_CSP = selfContainedPageCsp({ style: AGENTS_PAGE_CSS, script: AGENTS_PAGE_SCRIPT });

/** The catalog as one self-contained HTML page for people: tools by family, search, schemas, examples and the discovery documents. */
export function renderAgentsPage({ baseUrl, agentDiscovery, catalog = CATALOG, mcpToolNames }: AgentsPageInput): string {
  const onMcp = (entry: CatalogEntry) => mcpToolNames?.has(entry.mcpName) ?? true;
  const families = TOOL_FAMILIES.map((family) => ({ family, tools: catalog.filter((entry) => entry.family === family) })).filter((f) => f.tools.length > 0);
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="description" content="Paysight's paid tools for agents: prices, schemas and copy-paste examples for curl, the x402 client and MCP.">
<title>Tools for agents · Paysight</title>
<link rel="icon" href="${ICON_HREF}">
<style>${trusted(AGENTS_PAGE_CSS)}</style>
</head>
<body>
<a class="skip" href="#catalog">Skip to the catalog</a>
<header class="topbar"><div class="wrap">
  <span class="brand">${trusted(LOGO)}Paysight</span><span class="kind">Tools for agents</span>
</div></header>
<main class="wrap">
${introSection(catalog, baseUrl)}
${startSection(baseUrl)}
${documentsSection(discoveryLinks(baseUrl, agentDiscovery))}
<section id="catalog" class="catalog" aria-labelledby="catalog-title">
  <div class="catalog-head">
    <h2 id="catalog-title">Catalog</h2>
    <div class="search" id="search" role="search" hidden>
      <label for="tool-search">Search the tools</label>
      <input id="tool-search" type="search" placeholder="receipt, transaction, 0.01…" autocomplete="off" spellcheck="false" aria-describedby="search-status">
    </div>
    <p class="search-status" id="search-status" role="status" aria-live="polite"></p>
  </div>
  ${families.map(({ family, tools }) => familySection(family, tools, baseUrl, onMcp))}
  <p class="card no-match" id="no-match" hidden>No tool matches this search. Try fewer or other words.</p>
</section>
</main>
<footer class="wrap">
  <p>Every tool is <code>POST</code> with a JSON body and is paid per call in ${PAYMENT.currency} on Base (<code>${PAYMENT.network}</code>) with x402. Invalid input is refused before any payment, and a failed call costs nothing.</p>
  <p>Generated from the service's catalog: the same tools, prices and schemas as the API, MCP and the documents above.</p>
</footer>
<script>${trusted(AGENTS_PAGE_SCRIPT)}</script>
</body>
</html>
`;
  return page.value;
}

function introSection(catalog: readonly CatalogEntry[], baseUrl: string): SafeHtml {
  const prices = catalog.map((entry) => entry.price).sort((a, b) => Number(a) - Number(b));
  const range = prices.length === 0 ? null : prices[0] === prices.at(-1) ? formatUsd(prices[0]!) : `${formatUsd(prices[0]!)} to ${formatUsd(prices.at(-1)!)}`;
  return html`<section class="card intro" aria-labelledby="intro-title">
  <p class="eyebrow">Pay per call · x402 · ${PAYMENT.currency} on Base</p>
  <h1 id="intro-title">Paysight tools for agents</h1>
  <p class="lead">Public-chain research sold one call at a time. Ask without paying and the answer is a 402 with the exact offer; pay it with any x402 client and send the request again. The same tools, at the same prices, are MCP tools at <code>${baseUrl}${DISCOVERY_PATHS.mcpEndpoint}</code>.</p>
  <ul class="facts">
    <li><strong>${catalog.length}</strong> paid ${catalog.length === 1 ? 'tool' : 'tools'}</li>
    ${range && html`<li>${range} per call</li>`}
    <li>Paid in <strong>${PAYMENT.currency}</strong> on Base (<code>${PAYMENT.network}</code>)</li>
    <li>Invalid input and failed calls cost nothing</li>
  </ul>
</section>`;
}

function startSection(baseUrl: string): SafeHtml {
  return html`<section class="card" aria-labelledby="start-title">
  <h2 id="start-title">Getting started</h2>
  <div class="start">
    <div>
      <h3>Over HTTP</h3>
      <ol class="steps">
        <li>Send the tool's request with no payment: the answer is <code>402</code>, with the offer in the <code>PAYMENT-REQUIRED</code> header.</li>
        <li>Sign the offer (an EIP-3009 authorization of exactly the price) with an x402 client.</li>
        <li>Send the same request again with the payment in <code>PAYMENT-SIGNATURE</code>; the answer carries the result and the settlement in <code>PAYMENT-RESPONSE</code>.</li>
      </ol>
    </div>
    <div>
      <h3>From an MCP host</h3>
      ${snippet('MCP host configuration', mcpServersConfig(baseUrl))}
      <p class="note">An unpaid <code>tools/call</code> answers <code>payment_required</code> with the offer; call again with the signed payment in the <code>x402Payment</code> argument or in <code>_meta["x402/payment"]</code>.</p>
    </div>
  </div>
</section>`;
}

function documentsSection(links: readonly DiscoveryLink[]): SafeHtml {
  return html`<section class="card" id="documents" aria-labelledby="documents-title">
  <h2 id="documents-title">Machine-readable documents <span class="count">free</span></h2>
  <ul class="docs">
    ${links.map(
      (link) => html`<li data-document="${link.key}">
      <span><span class="method${link.method === 'POST' ? ' method-post' : ''}">${link.method}</span><a href="${link.url}">${link.title}</a></span>
      <span class="url">${link.url}</span>
      <span class="about">${link.about}</span>
    </li>`,
    )}
  </ul>
</section>`;
}

function familySection(family: ToolFamily, tools: readonly CatalogEntry[], baseUrl: string, onMcp: (entry: CatalogEntry) => boolean): SafeHtml {
  const { title, about } = TOOL_FAMILY_INFO[family];
  return html`<section class="card family" data-family="${family}" aria-labelledby="family-${family}">
  <h2 id="family-${family}">${title} <span class="count">${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}</span></h2>
  <p class="family-about">${about} <span class="muted">Toolset <code>${family}</code>.</span></p>
  <div class="tools">${tools.map((entry) => toolCard(entry, baseUrl, onMcp(entry)))}</div>
</section>`;
}

function toolCard(entry: CatalogEntry, baseUrl: string, onMcp: boolean): SafeHtml {
  const examples = toolSnippets(entry, baseUrl);
  const searchable = [entry.id, entry.title, entry.description, entry.mcpName, entry.path, entry.family, `${entry.price} ${PAYMENT.currency}`].join(' ').toLowerCase();
  return html`<article class="tool" id="tool-${entry.id}" data-tool="${entry.id}" data-search="${searchable}" aria-labelledby="title-${entry.id}">
    <div class="tool-head">
      <h3 id="title-${entry.id}">${entry.title}</h3>
      <span class="price" data-field="price">${entry.price} ${PAYMENT.currency}</span>
    </div>
    <p class="description">${entry.description}</p>
    <dl class="meta">
      <div><dt>Endpoint</dt><dd><code data-field="endpoint">${entry.method} ${baseUrl}${entry.path}</code></dd></div>
      <div><dt>MCP name</dt><dd>${onMcp ? html`<code data-field="mcp-name">${entry.mcpName}</code>` : html`<span data-field="mcp-name" class="muted">not listed on this server's MCP endpoint</span>`}</dd></div>
      <div><dt>Tool id</dt><dd><code data-field="tool-id">${entry.id}</code></dd></div>
    </dl>
    <details>
      <summary>Request schema and examples</summary>
      <div class="examples">
        <div>
          <h4>Request JSON Schema</h4>
          ${snippet(`${entry.id} request JSON Schema`, JSON.stringify(requestJsonSchema(entry), null, 2), 'schema')}
        </div>
        <div>
          <h4>Example body</h4>
          ${snippet(`${entry.id} example body`, JSON.stringify(entry.example, null, 2), 'example')}
          ${onMcp ? mcpExamples(entry, examples) : null}
        </div>
        <div class="wide">
          <h4>curl and the Paysight CLI</h4>
          ${snippet(`${entry.id} shell`, examples.shell, 'shell')}
        </div>
        <div class="wide">
          <h4>TypeScript: the official x402 client</h4>
          ${snippet(`${entry.id} TypeScript`, examples.typescript, 'typescript')}
        </div>
      </div>
    </details>
  </article>`;
}

function mcpExamples(entry: CatalogEntry, examples: ReturnType<typeof toolSnippets>): SafeHtml {
  return html`<h4>MCP <code>tools/call</code></h4>
          ${snippet(`${entry.id} MCP tools/call`, examples.mcpCall, 'mcp')}
          <h4>MCP host configuration</h4>
          ${snippet(`${entry.id} MCP host configuration`, examples.mcpServers, 'mcp-servers')}`;
}

/** A block of text to copy, with a label for the copy button that the script adds. */
function snippet(label: string, text: string, kind?: string): SafeHtml {
  return html`<div class="snippet" data-label="${label}"><pre${kind ? html` data-snippet="${kind}"` : null}><code>${text}</code></pre></div>`;
}
