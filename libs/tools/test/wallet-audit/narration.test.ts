import { walletAuditRequest, walletAuditResult, type NarrationOutcome, type NarrationRequest, type Narrator } from '@paysight/contracts';
import type { ToolPorts } from '../../src/tool-module.js';
import { analyzeWalletAudit } from '../../src/wallet/audit/analyze.js';
import { MAX_AI_SECTIONS, narrateWalletAudit, type narrationFacts } from '../../src/wallet/audit/narration.js';
import { ago, hash, history, tx, WALLET, walletEvidence } from '../support/evidence.js';

const ctx = { now: new Date('2026-11-23T00:00:00Z') };
const input = walletAuditRequest.parse({ address: WALLET });
const POOL = '0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc';
const deterministic = analyzeWalletAudit(input, walletEvidence({ history: history({ transactions: [tx({ hash: hash(1), from: WALLET, to: POOL, value: 10n ** 17n, timestamp: ago(3) })] }) }), ctx);

/** A narrator that writes its sections from the facts it is given, as a grounded provider would. */
class FactsNarrator implements Narrator {
  readonly requests: NarrationRequest[] = [];
  constructor(private readonly sectionCount = 2) {}
  async narrate(request: NarrationRequest): Promise<NarrationOutcome> {
    this.requests.push(request);
    const facts = request.facts as ReturnType<typeof narrationFacts>;
    const sections = [
      { title: 'What the score rests on', text: `Risk ${facts.riskScore}/100 (${facts.riskLabel}) from ${facts.flags.map((f) => f.id).join(', ')}.` },
      { title: 'Next step', text: facts.recommendedNextAction },
      { title: 'Limits', text: facts.limitations.join(' ') },
      { title: 'Extra', text: 'More than was asked for.' },
    ];
    return { status: 'succeeded', sections: sections.slice(0, this.sectionCount) };
  }
}

const fixed = (outcome: NarrationOutcome): Narrator => ({ narrate: async () => outcome });
const ports = (narrator: Narrator) => ({ narrator }) as unknown as ToolPorts;
const withoutGeneration = ({ generation: _g, aiSections: _a, ...rest }: typeof deterministic.result) => rest;

describe('wallet_audit narration (finish)', () => {
  it('adds validated AI sections and marks the report ai_assisted, asking with the deterministic facts', async () => {
    const narrator = new FactsNarrator(2);
    const { result, metadata } = await narrateWalletAudit(input, deterministic, ports(narrator), ctx);
    expect(result.generation).toEqual({ mode: 'ai_assisted', aiStatus: 'succeeded' });
    expect(result.aiSections).toEqual([
      { title: 'What the score rests on', text: 'Risk 40/100 (elevated) from mixer_interaction.' },
      { title: 'Next step', text: deterministic.result.recommendedNextAction },
    ]);
    expect(narrator.requests[0]).toMatchObject({ toolId: 'wallet_audit', maxSections: MAX_AI_SECTIONS });
    expect(JSON.stringify(narrator.requests[0]!.facts)).toContain(hash(1));
    expect(withoutGeneration(result)).toEqual(withoutGeneration(deterministic.result));
    expect(metadata).toEqual(deterministic.metadata);
    expect(walletAuditResult.safeParse(result).success).toBe(true);
  });

  it.each([
    ['not configured', fixed({ status: 'not_configured' }), { mode: 'deterministic', aiStatus: 'not_attempted', reason: 'not_configured' }],
    ['a provider error', fixed({ status: 'failed', reason: 'provider_error' }), { mode: 'deterministic', aiStatus: 'failed', reason: 'provider_error' }],
    ['a timeout', fixed({ status: 'failed', reason: 'timeout' }), { mode: 'deterministic', aiStatus: 'failed', reason: 'timeout' }],
    ['an invalid answer', fixed({ status: 'failed', reason: 'invalid_response' }), { mode: 'deterministic', aiStatus: 'failed', reason: 'invalid_response' }],
    ['too many sections', new FactsNarrator(MAX_AI_SECTIONS + 1), { mode: 'deterministic', aiStatus: 'failed', reason: 'invalid_response' }],
    ['an empty section', fixed({ status: 'succeeded', sections: [{ title: 'x', text: '  ' }] }), { mode: 'deterministic', aiStatus: 'failed', reason: 'invalid_response' }],
    ['a narrator that throws', { narrate: () => Promise.reject(new Error('socket hang up')) }, { mode: 'deterministic', aiStatus: 'failed', reason: 'provider_error' }],
  ])('keeps the report deterministic after %s', async (_case, narrator, generation) => {
    const { result } = await narrateWalletAudit(input, deterministic, ports(narrator as Narrator), ctx);
    expect(result.generation).toEqual(generation);
    expect(result.aiSections).toBeUndefined();
    expect(withoutGeneration(result)).toEqual(withoutGeneration(deterministic.result));
    expect(walletAuditResult.safeParse(result).success).toBe(true);
  });
});
