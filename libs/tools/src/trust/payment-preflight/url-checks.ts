/** A suspicious trait of resource_url, read from the string alone: the URL is never fetched. */
export interface UrlFinding {
  flag: 'resource_url_userinfo' | 'resource_url_ip_literal' | 'resource_url_punycode' | 'resource_url_not_https';
  detail: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Loopback and *.localhost: local development, where plain http and IP literals are normal. */
function isLocal(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || hostname.startsWith('127.');
}

/**
 * The WHATWG parser already folds the tricks into plain forms: Unicode host names become punycode
 * (xn-- labels) and numeric hosts such as 0x7f.1 or 2130706433 become dotted IPv4.
 */
export function checkResourceUrl(resourceUrl: string): UrlFinding[] {
  const url = new URL(resourceUrl);
  const host = url.hostname;
  const findings: UrlFinding[] = [];
  if (url.username || url.password) {
    findings.push({ flag: 'resource_url_userinfo', detail: `The URL carries user information before the host (${url.username}${url.password ? ':…' : ''}@${host}); the real host is ${host}, whatever the part before @ says.` });
  }
  if (!isLocal(host) && (IPV4.test(host) || host.startsWith('['))) {
    findings.push({ flag: 'resource_url_ip_literal', detail: `The host is an IP address (${host}), not a domain name: nothing ties it to a named seller.` });
  }
  const puny = host.split('.').filter((label) => label.startsWith('xn--'));
  if (puny.length) {
    findings.push({ flag: 'resource_url_punycode', detail: `The host has internationalised labels (${puny.join(', ')}), which can imitate a familiar domain with look-alike letters.` });
  }
  if (url.protocol !== 'https:' && !isLocal(host)) {
    findings.push({ flag: 'resource_url_not_https', detail: `The URL uses ${url.protocol.slice(0, -1)} outside localhost: the request and the resource it pays for travel unencrypted.` });
  }
  return findings;
}
