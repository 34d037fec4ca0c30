export { buildTimeline, type TimelineDay, type TimelineInput } from './timeline.js';
export { buildWalletReport } from './build.js';
export { deepWalletReport, savedReport, type ReportAnalysis } from './tools.js';
