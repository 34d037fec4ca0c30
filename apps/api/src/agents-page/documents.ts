import type { DiscoveryAddress } from '@paysight/contracts';
import { DISCOVERY_DESCRIPTIONS, discoveryUrls } from '../discovery/addresses.js';

/** One free address the page links to. */
export interface DiscoveryLink {
  key: DiscoveryAddress;
  title: string;
  method: 'GET' | 'POST';
  /** What a reader finds there, in a few words. */
  about: string;
  url: string;
}

/** Every discovery address but this page itself, in the order the page lists them. */
const PAGE_ORDER: readonly Exclude<DiscoveryAddress, 'agentsPage'>[] = ['llmsTxt', 'ai', 'manifest', 'mcp', 'x402', 'openapi', 'workflows', 'recommend', 'mcpEndpoint', 'health'];

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** The links of the page: absolute URLs on `baseUrl`; the two agent endpoints only while agent discovery is on. */
export function discoveryLinks(baseUrl: string, agentDiscovery: boolean): DiscoveryLink[] {
  const urls = discoveryUrls(baseUrl, agentDiscovery);
  return PAGE_ORDER.flatMap((key) => {
    const url = urls[key];
    if (url === undefined) return [];
    const { title, method, description } = DISCOVERY_DESCRIPTIONS[key];
    return [{ key, title, method, about: sentence(description), url }];
  });
}
