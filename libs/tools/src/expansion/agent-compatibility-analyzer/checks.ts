import type { CompatibilityCheck } from '@paysight/contracts';
import { usdc } from '../../ext/verdict.js';
import { isObject, networkLabel, registryUsdc, textOf, type JsonObject, type X402Offer } from '../x402-terms.js';
import { networkKey, OFFICIAL_CLIENT_DEFAULT_CAP, type AgentProfile } from './agent.js';
import type { ChallengeVariant } from './challenge.js';

/** A check with the fix that would turn it into a pass (blocks and warnings only). */
export interface Check extends CompatibilityCheck {
  fix: string | null;
}

type Outcome = Omit<Check, 'check' | 'offer'>;
const pass = (code: string, expected: string | null, observed: string | null, explanation: string): Outcome => ({ status: 'pass', code, expected, observed, explanation, fix: null });
const block = (code: string, expected: string | null, observed: string | null, explanation: string, fix: string): Outcome => ({ status: 'block', code, expected, observed, explanation, fix });
const warn = (code: string, expected: string | null, observed: string | null, explanation: string, fix: string): Outcome => ({ status: 'warn', code, expected, observed, explanation, fix });
const skip = (code: string, explanation: string): Outcome => ({ status: 'skip', code, expected: null, observed: null, explanation, fix: null });

const list = (values: Iterable<string>) => [...values].join(', ') || 'none';
const money = (atomic: bigint) => `${usdc(atomic)} USDC`;

/** The header (HTTP) each protocol version carries the signed payment in. */
export const PAYMENT_HEADERS = { 1: { transport: 'http_x_payment', header: 'X-PAYMENT' }, 2: { transport: 'http_payment_signature', header: 'PAYMENT-SIGNATURE' } } as const;

/** What an optional extension gives a buyer that supports it; extensions not listed add nothing a buyer must act on (bazaar: discovery metadata). */
const EXTENSION_BENEFITS: Readonly<Record<string, string>> = {
  'payment-identifier': 'an idempotency key on the payment, so a retried call is not paid twice',
  'offer-receipt': 'signed offers and receipts the buyer can verify and keep as proof of purchase',
};

function cap(offer: X402Offer, agent: AgentProfile): Outcome {
  const amount = offer.amount?.atomic;
  if (amount == null) return block('amount_invalid', 'an integer amount', offer.amount?.raw ?? null, 'The offer states no amount a client can sign.', 'Ask the service to state the amount as an integer of token units.');
  if (offer.amount!.decimalInAtomicField) {
    return block('amount_not_integer', 'an integer of token units', offer.amount!.raw, `The offer's ${offer.amountField} is the decimal "${offer.amount!.raw}"; x402 amounts count token units (0.01 USDC is "10000"), so a client refuses or misreads it.`, 'Ask the service to fix its offer: amounts are integers of the asset\'s smallest unit.');
  }
  const usdcOffer = offer.asset !== null && offer.asset === registryUsdc(offer.caip2);
  if (!usdcOffer) return warn('cap_not_comparable', null, offer.asset, 'The spending cap is in USDC and the offer is in another (or an unknown) asset, so the amount could not be compared with it.', 'Check the amount against the agent\'s limit for that asset by hand.');
  if (agent.capSource === 'none') return warn('no_spend_cap', money(amount), 'no cap', `The agent declares no cap per payment: it would sign ${money(amount)} or any other amount asked.`, 'Set a cap per payment in the agent\'s spend controls.');
  if (amount > agent.cap!) {
    return agent.capSource === 'official_default'
      ? block('amount_over_default_cap', money(amount), `${money(OFFICIAL_CLIENT_DEFAULT_CAP)} (official client default)`, `The offer asks ${money(amount)}; the official x402 client refuses more than ${money(OFFICIAL_CLIENT_DEFAULT_CAP)} per payment unless its spend controls are raised, and the agent declares no cap of its own.`, `Raise the client's spend controls to at least ${usdc(amount)} USD per payment (x402Client.setSpendControls({ maxAmountPerPayment: "$${usdc(amount)}" })), or declare the agent's real cap.`)
      : block('amount_over_cap', money(amount), money(agent.cap!), `The offer asks ${money(amount)}, above the agent's cap of ${money(agent.cap!)} per payment.`, `Raise max_amount_per_payment to at least ${usdc(amount)} USDC, or do not buy this resource.`);
  }
  return pass(agent.capSource === 'official_default' ? 'within_default_cap' : 'within_cap', money(amount), money(agent.cap!), `${money(amount)} is within the ${agent.capSource === 'official_default' ? 'official client\'s default cap' : 'agent\'s cap'} of ${money(agent.cap!)}.`);
}

function asset(offer: X402Offer, agent: AgentProfile): Outcome {
  if (!offer.asset) return block('asset_missing', null, null, 'The offer names no asset contract to pay with.', 'Ask the service to name the asset (the token contract) of its offer.');
  const network = offer.network ? networkKey(offer.network) : '';
  if (!agent.networks.has(network)) return skip('asset_not_checked', 'The agent does not pay on the offer\'s network, so its assets there were not compared.');
  const held = agent.assets.get(network);
  if (held?.has(offer.asset)) return pass(agent.assetsAssumed ? 'asset_usdc_assumed' : 'asset_supported', offer.asset, list(held), agent.assetsAssumed ? 'The offer asks for the canonical USDC of its network, which the agent is assumed to pay with (it declares no assets).' : 'The agent pays with this asset on this network.');
  if (agent.assetsAssumed && !registryUsdc(offer.caip2)) return warn('asset_unverified', offer.asset, null, `The agent declares no assets and ${network} is outside Paysight's chain registry, so whether it holds this asset is unknown.`, 'Declare the agent\'s assets per network.');
  return block(agent.assetsAssumed ? 'asset_not_usdc' : 'asset_unsupported', offer.asset, held ? list(held) : 'none on this network', agent.assetsAssumed ? 'The offer asks for a token that is not the canonical USDC of its network, and the agent declares no other asset.' : 'The agent holds no such asset on this network.', 'Hold and register the offered asset on that network, or ask the service for an offer in an asset the agent holds.');
}

/** Checks of one offer: scheme, network, asset, amount against the cap, payee form, EIP-712 domain. */
export function offerChecks(offer: X402Offer, label: string, agent: AgentProfile): Check[] {
  const at = (check: string, outcome: Outcome): Check => ({ check, offer: label, ...outcome });
  const scheme = offer.scheme?.toLowerCase() ?? null;
  const network = offer.network ? networkKey(offer.network) : null;
  const evm = network?.startsWith('eip155:') ?? false;
  const checks = [
    at('scheme', !scheme ? block('scheme_missing', null, list(agent.schemes), 'The offer names no scheme.', 'Ask the service to name its payment scheme.') : agent.schemes.has(scheme) ? pass('scheme_supported', scheme, list(agent.schemes), `The agent signs the ${scheme} scheme.`) : block('scheme_unsupported', scheme, list(agent.schemes), `The agent cannot sign the ${scheme} scheme.`, `Register a client for the ${scheme} scheme, or ask for an offer in a scheme the agent signs.`)),
    at('network', !network ? block('network_missing', null, list(agent.networks), 'The offer names no network.', 'Ask the service to name the network of its offer.') : agent.networks.has(network) ? pass('network_supported', network, list(agent.networks), `The agent pays on ${networkLabel(network)}.`) : block('network_unsupported', network, list(agent.networks), `The agent does not pay on ${networkLabel(network)}.`, `Add a signer funded on ${networkLabel(network)}, or ask the service for an offer on a network the agent pays on.`)),
    at('asset', asset(offer, agent)),
    at('amount', cap(offer, agent)),
  ];
  if (evm) {
    checks.push(at('pay_to', offer.payTo && /^0x[0-9a-f]{40}$/.test(offer.payTo) ? pass('pay_to_valid', offer.payTo, null, 'The payee is an EVM address.') : block('pay_to_invalid', 'an EVM address', offer.payTo, 'The payee is not an EVM address, so no authorization can be signed to it.', 'Ask the service to fix payTo.')));
    const extra = offer.extra ?? {};
    const domain = textOf(extra.name) && textOf(extra.version);
    checks.push(at('eip712_domain', domain ? pass('eip712_domain_stated', null, `${textOf(extra.name)} ${textOf(extra.version)}`, 'The offer states the token\'s EIP-712 name and version that an EIP-3009 authorization is signed against.') : warn('eip712_domain_missing', 'extra.name and extra.version', null, 'The offer does not state the token\'s EIP-712 name and version; a client that does not know the asset cannot sign an EIP-3009 authorization for it.', 'Ask the service to put the token\'s EIP-712 name and version in the offer\'s extra.')));
  }
  return checks;
}

/** Checks of a whole challenge variant: protocol version, the payment transport, the declared extensions. */
export function variantChecks(variant: ChallengeVariant, agent: AgentProfile, callVia: 'http' | 'mcp', mcpCarriers: ReadonlySet<string>): Check[] {
  const label = `v${variant.version}`;
  const at = (check: string, outcome: Outcome): Check => ({ check, offer: label, ...outcome });
  const versions = list([...agent.versions].map((v) => `v${v}`));
  const checks = [
    at('x402_version', agent.versions.has(variant.version) ? pass('x402_version_supported', label, versions, `The agent speaks x402 ${label}.`) : block('x402_version_unsupported', label, versions, `The challenge is x402 ${label}, which the agent's client does not speak.`, variant.version === 2 ? 'Upgrade the agent\'s x402 client to protocol v2 (the @x402 2.x packages speak both).' : 'Use a client that still speaks x402 v1, or ask the service for a v2 challenge.')),
  ];
  if (callVia === 'http') {
    const { transport, header } = PAYMENT_HEADERS[variant.version];
    checks.push(at('payment_transport', agent.transports.has(transport) ? pass('payment_header_supported', header, list(agent.transports), `The agent sends the payment in ${header}, the header of x402 ${label}.`) : block('payment_header_unsupported', header, list(agent.transports), `x402 ${label} over HTTP carries the payment in the ${header} header, which the agent does not send.`, `Send the signed payment in the ${header} header.`)));
  } else {
    const usable = [...mcpCarriers].filter((c) => agent.transports.has(c));
    checks.push(at('payment_transport', usable.length ? pass('mcp_payment_carrier_supported', list(mcpCarriers), list(agent.transports), `The agent can hand the payment over MCP as the service takes it (${list(usable)}).`) : block('mcp_payment_carrier_unsupported', list(mcpCarriers), list(agent.transports), 'The agent cannot hand the signed payment over MCP the way the service takes it.', `Send the payment as the service takes it: ${list(mcpCarriers)}.`)));
  }
  for (const [name, declaration] of Object.entries(variant.extensions).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const key = name.toLowerCase();
    const info = isObject(declaration) && isObject(declaration.info) ? declaration.info : {};
    const required = info.required === true || (isObject(declaration) && declaration.required === true);
    const supported = agent.extensions.has(key);
    const benefit = EXTENSION_BENEFITS[key];
    const outcome = supported
      ? pass('extension_supported', name, name, `The agent implements the ${name} extension the service declares.`)
      : required
        ? block('required_extension_unsupported', name, list(agent.extensions), `The service requires the ${name} extension, which the agent does not implement.`, `Implement the ${name} x402 extension in the agent's client.`)
        : benefit
          ? warn('optional_extension_unused', name, list(agent.extensions), `The service offers ${name} (${benefit}); the agent does not use it.`, `Implement the ${name} extension to get ${benefit}.`)
          : skip('optional_extension_not_needed', `The service declares ${name}, which asks nothing of a paying client.`);
    checks.push(at('extension', outcome));
  }
  return checks;
}

/** How the service takes an MCP payment, from its discovery document; the x402 MCP transport (_meta["x402/payment"]) when it does not say. */
export function mcpCarriers(discovery: JsonObject | undefined): { carriers: Set<string>; assumed: boolean } {
  const payment = discovery && isObject(discovery.payment) ? discovery.payment : null;
  const carriers = new Set<string>();
  if (payment && textOf(payment.metaKey)) carriers.add('mcp_payment_meta');
  if (payment && Array.isArray(payment.paymentArguments) && payment.paymentArguments.length > 0) carriers.add('mcp_payment_argument');
  if (carriers.size === 0) return { carriers: new Set(['mcp_payment_meta']), assumed: true };
  return { carriers, assumed: false };
}

/**
 * MCP session checks, when the agent calls over MCP. Version negotiation: the client proposes its
 * newest revision and the server answers with it if it supports it, else with its own; a client
 * that does not support the answer disconnects. So an agent whose every revision is newer than the
 * server's cannot connect; one that also lists older revisions may, if the server accepts them.
 */
export function mcpChecks(discovery: JsonObject | undefined, agent: AgentProfile): Check[] {
  const at = (check: string, outcome: Outcome): Check => ({ check, offer: null, ...outcome });
  if (!discovery) return [at('mcp_protocol_version', warn('mcp_discovery_missing', null, null, 'No MCP discovery document was submitted: the MCP revision and transport could not be checked.', 'Submit the service\'s /.well-known/mcp document.'))];
  if (!agent.mcp) return [at('mcp_protocol_version', warn('agent_mcp_capabilities_missing', null, null, 'The agent declares no MCP capabilities: the MCP revision and transport could not be checked.', 'Declare agent.mcp (protocol_versions and transports).'))];
  const version = textOf(discovery.protocolVersion);
  const versions = agent.mcp.protocol_versions;
  const checks: Check[] = [];
  if (!version) checks.push(at('mcp_protocol_version', skip('mcp_protocol_version_unstated', 'The discovery document states no MCP protocol revision.')));
  else if (versions.includes(version)) checks.push(at('mcp_protocol_version', pass('mcp_protocol_version_supported', version, versions.join(', '), `Both speak MCP ${version}.`)));
  else if (versions.every((v) => v > version)) checks.push(at('mcp_protocol_version', block('mcp_protocol_version_unsupported', version, versions.join(', '), `The server speaks MCP ${version}; every revision the agent speaks is newer, so the server answers the agent's proposal with ${version}, which the agent does not accept.`, `Add MCP ${version} to the agent's supported revisions.`)));
  else checks.push(at('mcp_protocol_version', warn('mcp_protocol_version_unconfirmed', version, versions.join(', '), `The server declares MCP ${version}, which the agent does not list; the session works only if the server also accepts an older revision the agent speaks.`, `Add MCP ${version} to the agent's supported revisions.`)));
  const declared = [discovery.transport, ...(Array.isArray(discovery.transports) ? discovery.transports : [])].map(textOf).filter((t): t is string => t !== null);
  if (declared.length === 0) checks.push(at('mcp_transport', skip('mcp_transport_unstated', 'The discovery document states no transport.')));
  else {
    const shared = declared.filter((t) => (agent.mcp!.transports as readonly string[]).includes(t));
    checks.push(at('mcp_transport', shared.length ? pass('mcp_transport_supported', list(declared), list(agent.mcp.transports), `Both speak ${list(shared)}.`) : block('mcp_transport_unsupported', list(declared), list(agent.mcp.transports), 'The agent speaks none of the transports the server offers.', `Use an MCP client transport the server offers: ${list(declared)}.`)));
  }
  return checks;
}
