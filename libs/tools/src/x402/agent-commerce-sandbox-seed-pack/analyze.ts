import { SANDBOX_MAINNET_PAY_TO, SANDBOX_SCENARIOS, SEED_PACK_LIMITS, X402_NETWORKS, type CatalogEntryOf, type RequestOf, type ResultOf, type SandboxScenario, type X402Network } from '@paysight/contracts';
import type { ToolOutput } from '../../tool-module.js';
import { x402Answer } from '../answer.js';
import { AMT, ASSET, HASH, ND } from '../helpers.js';
import { FIXTURE_BUILDERS, type VariantContext } from './fixtures.js';

type Entry = CatalogEntryOf<'x402_agent_commerce_sandbox_seed_pack'>;
export type SeedPackInput = RequestOf<Entry>;
export type SeedPackResult = ResultOf<Entry>;
type Decision = SeedPackResult['decision'];
type Fixture = SeedPackResult['fixtures'][number];

/** Fixture times start here (2023-11-14), plus a seeded offset of up to ~3 years. */
const EPOCH_BASE = 1_700_000_000;
const EPOCH_SPREAD = 100_000_000n;

const isScenario = (id: string): id is SandboxScenario => Object.hasOwn(SANDBOX_SCENARIOS, id);

/** rᵢ = sha256(JCS({seed, scenario, i, field})) as 64 hex digits (a big-endian integer): reproducible in any language. */
const draw = (seed: number, scenario: string, i: number, field: string) => HASH({ seed, scenario, i, field }).slice('sha256:'.length);

/** An EVM network with USDC and an EIP-712 domain: the only shapes the builders know. */
function evmNetwork(caip2: string): X402Network | null {
  const network = X402_NETWORKS.find((n) => n.caip2 === caip2);
  return network?.namespace === 'eip155' && ASSET(caip2)?.eip712 ? network : null;
}

function variantContext(input: SeedPackInput, network: X402Network, scenario: SandboxScenario, i: number): VariantContext {
  const r = (field: string) => draw(input.seed, scenario, i, field);
  const version = scenario === 'happy_path_v1' ? 1 : scenario === 'happy_path_v2' ? 2 : input.x402_versions[i % input.x402_versions.length]!;
  const otherNetwork = X402_NETWORKS.find((n) => n.caip2 !== network.caip2 && n.testnet === network.testnet && n.namespace === 'eip155')!;
  return {
    version,
    network,
    usdc: ASSET(network.caip2)!,
    otherNetwork,
    amount: AMT.toAtomic(input.price)!,
    payer: `0x${r('payer').slice(-40)}`,
    payTo: network.testnet ? `0x${r('pay_to').slice(-40)}` : SANDBOX_MAINNET_PAY_TO,
    nonce: `0x${r('nonce')}`,
    transaction: `0x${r('transaction')}`,
    now: EPOCH_BASE + Number(BigInt(`0x${r('now')}`) % EPOCH_SPREAD),
    draw: r,
  };
}

/** Why the selection cannot be generated (empty when it can). */
function selectionProblems(input: SeedPackInput, network: X402Network | null, canonical: string): string[] {
  const problems = input.scenarios.filter((id) => !isScenario(id)).map((id) => `unknown scenario "${id}"`);
  if (network === null) problems.push(`network ${canonical} has no EVM USDC row with an EIP-712 domain in the reference data`);
  else if (!network.testnet && !input.allow_mainnet_shapes) problems.push(`${network.caip2} is a mainnet: set allow_mainnet_shapes to generate its shapes`);
  return problems;
}

interface Pack {
  fixtures: Fixture[];
  requested: number;
}

/** Scenario-major generation, stopping at the cap: the same request always keeps the same prefix. */
function generate(input: SeedPackInput, network: X402Network, scenarios: readonly SandboxScenario[]): Pack {
  const fixtures: Fixture[] = [];
  let requested = 0;
  for (const scenario of scenarios) {
    const specs = SANDBOX_SCENARIOS[scenario];
    requested += specs.length * input.per_scenario;
    for (let i = 0; i < input.per_scenario && fixtures.length < SEED_PACK_LIMITS.fixtures; i++) {
      const payloads = FIXTURE_BUILDERS[scenario](variantContext(input, network, scenario, i));
      for (const [k, spec] of specs.entries()) {
        if (fixtures.length >= SEED_PACK_LIMITS.fixtures) break;
        const fixture = { scenario, kind: spec.kind, payload: { variant: i, ...payloads[k]! }, expected: { ...spec.expected } };
        fixtures.push({ fixture_id: `fx_${HASH(fixture).slice('sha256:'.length, 'sha256:'.length + 12)}`, ...fixture });
      }
    }
  }
  return { fixtures, requested };
}

function countsOf(pack: Pack, scenarios: readonly string[]): SeedPackResult['counts'] {
  const byDecision = { accept: 0, reject: 0, retry: 0, wait: 0 };
  for (const fixture of pack.fixtures) byDecision[fixture.expected.decision] += 1;
  return {
    requested: pack.requested,
    generated: pack.fixtures.length,
    by_scenario: scenarios.map((scenario) => ({ scenario, fixtures: pack.fixtures.filter((f) => f.scenario === scenario).length })),
    by_expected_decision: byDecision,
  };
}

const NEXT_ACTION: Record<Decision, string> = {
  invalid_selection: 'Fix the selection named in limitations (scenario ids from the catalog; a testnet, or allow_mainnet_shapes for a mainnet) and ask again.',
  pack_truncated: 'Feed the fixtures to the agent and compare its answers with expected; ask again with fewer scenarios or variants for the rest.',
  pack_generated: 'Feed each fixture to the agent and compare its decision and reason with expected; keep manifest_hash to prove the same pack was replayed.',
};

const LIMITATIONS = [
  'Fixtures are unsigned shapes: no key exists behind any address, so nothing here can be submitted or settled.',
  'Expected answers are this service\'s oracle (the failure-fact and retry-safety rules); a facilitator may word errors differently.',
];

/** x402-agent-commerce-sandbox-seed-pack (design sheet §45): a seeded, bounded fixture pack with an oracle answer per fixture. */
export function analyzeSeedPack(input: SeedPackInput): ToolOutput<SeedPackResult> {
  const canonical = ND(input.network).network;
  const network = evmNetwork(canonical);
  const limitations = [...LIMITATIONS];
  const flags = new Set<string>();
  const problems = selectionProblems(input, network, canonical);
  const scenarios = [...new Set(input.scenarios)];
  if (scenarios.length < input.scenarios.length) {
    flags.add('duplicate_scenario');
    limitations.push('Scenarios listed more than once were generated once.');
  }
  if (problems.length > 0 || network === null) {
    flags.add('invalid_selection');
    limitations.push(...problems);
    const empty: Pack = { fixtures: [], requested: 0 };
    return x402Answer(
      { decision: 'invalid_selection', confidence: 'high', summary: `invalid_selection: ${problems.join('; ')}.`, riskFlags: flags, nextAction: NEXT_ACTION.invalid_selection, limitations },
      { fixtures: [], manifest_hash: null, counts: countsOf(empty, []) },
    );
  }

  const pack = generate(input, network, scenarios as SandboxScenario[]);
  const decision: Decision = pack.fixtures.length < pack.requested ? 'pack_truncated' : 'pack_generated';
  if (decision === 'pack_truncated') limitations.push(`The pack stops at ${SEED_PACK_LIMITS.fixtures} fixtures: ${pack.requested - pack.fixtures.length} requested fixture(s) were not generated.`);
  if (!network.testnet) flags.add('mainnet_shapes');
  const manifest_hash = HASH(pack.fixtures.map((f) => f.fixture_id).sort());
  const summary = `${decision}: ${pack.fixtures.length} of ${pack.requested} fixture(s) for ${scenarios.length} scenario(s) on ${network.caip2} at ${AMT.canonical(input.price)} USDC, seed ${input.seed}; manifest ${manifest_hash}.`;
  return x402Answer({ decision, confidence: 'high', summary, riskFlags: flags, nextAction: NEXT_ACTION[decision], limitations }, { fixtures: pack.fixtures, manifest_hash, counts: countsOf(pack, scenarios) });
}
