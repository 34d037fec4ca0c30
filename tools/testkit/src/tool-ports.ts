import type { Narrator, ReportStore } from '@paysight/contracts';
import { notConfiguredNarrator, type ToolPorts } from '@paysight/tools';
import { devnetChainSource } from './services.js';

const noReportStore: ReportStore = {
  save: () => Promise.reject(new Error('this test gave the tool no report store: pass toolPorts({ reports })')),
  get: () => Promise.reject(new Error('this test gave the tool no report store: pass toolPorts({ reports })')),
};

/** Ports for running a tool directly on the shared devnet: no AI provider, and a report store only when given. */
export function toolPorts(overrides: Partial<ToolPorts> & { narrator?: Narrator } = {}): ToolPorts {
  return {
    chain: devnetChainSource(),
    narrator: notConfiguredNarrator,
    reports: noReportStore,
    savedReportUrl: (id) => `http://127.0.0.1/reports/${id}`,
    ...overrides,
  };
}
