/**
 * What the discovery manifest says about where payments go: the x402 block's `environment` and
 * `facilitatorProvider`. Derived from the facilitator's address without ever showing it: a URL
 * may be internal (a sidecar, a private network) or carry a key, so only a label leaves.
 */
export interface X402Profile {
  /** `local`: payments settle through a facilitator on this machine (the embedded stack, tests); otherwise `production`. */
  environment: 'local' | 'production';
  /** The configured name (FACILITATOR_PROVIDER), else `local`, `self-hosted` (a private address) or `external`. */
  facilitatorProvider: string;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|\[::ffff:127(\.\d{1,3}){3}\])$/;
const PRIVATE_IPV4 = /^(10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2}|169\.254(\.\d{1,3}){2})$/;

/** A host only reachable inside a private network: a private IP, an IPv6 literal, a single-label name or a private DNS suffix. */
function isPrivateHost(host: string): boolean {
  return PRIVATE_IPV4.test(host) || host.startsWith('[') || !host.includes('.') || /\.(internal|local|localdomain|lan|cluster\.local|svc)$/.test(host);
}

export function x402Profile(facilitatorUrl: string, configuredProvider: string | null): X402Profile {
  const host = new URL(facilitatorUrl).hostname.toLowerCase();
  const local = LOOPBACK.test(host) || host.endsWith('.localhost');
  const derived = local ? 'local' : isPrivateHost(host) ? 'self-hosted' : 'external';
  return { environment: local ? 'local' : 'production', facilitatorProvider: configuredProvider ?? derived };
}
