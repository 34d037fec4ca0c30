import type { Narrator, NotaryPort, ObservationReader, ReportStore } from '@paysight/contracts';
import { notConfiguredNarrator, type ToolPorts } from '@paysight/tools';
import { devnetChainSource } from './services.js';

const noReportStore: ReportStore = {
  save: () => Promise.reject(new Error('this test gave the tool no report store: pass toolPorts({ reports })')),
  get: () => Promise.reject(new Error('this test gave the tool no report store: pass toolPorts({ reports })')),
};

const noObservations: ObservationReader = {
  retentionDays: null,
  summarize: () => Promise.reject(new Error('this test gave the tool no observations: pass toolPorts({ observations })')),
};

const noNotary: NotaryPort = {
  records: {
    create: () => Promise.reject(new Error('this test gave the tool no notary records: pass toolPorts({ notary })')),
    find: () => Promise.reject(new Error('this test gave the tool no notary records: pass toolPorts({ notary })')),
  },
  key: { id: 'none', lookupSecret: () => { throw new Error('this test gave the tool no notary key: pass toolPorts({ notary })'); } },
};

/** Ports for running a tool directly on the shared devnet: no AI provider, and a report store or observations only when given. */
export function toolPorts(overrides: Partial<ToolPorts> & { narrator?: Narrator } = {}): ToolPorts {
  return {
    chain: devnetChainSource(),
    narrator: notConfiguredNarrator,
    reports: noReportStore,
    observations: noObservations,
    notary: noNotary,
    savedReportUrl: (id) => `http://127.0.0.1/reports/${id}`,
    ...overrides,
  };
}
