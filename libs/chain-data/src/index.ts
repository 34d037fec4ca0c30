export { createJsonRpcChainSource, JsonRpcChainSource } from './json-rpc/json-rpc-chain-source.js';
export { callFramesFromStructLogs, type StructLog, type TracedTransaction } from './json-rpc/traces/struct-logs.js';
export { callFramesFromCallTracer, type CallTracerFrame } from './json-rpc/traces/call-tracer.js';
export { JsonRpcFailure, type RpcFailureDetails, type RpcFailureKind } from './json-rpc/rpc-failure.js';
export { createEtherscanExplorer, EtherscanExplorer } from './explorer/etherscan-explorer.js';
export { EXPLORER_DEFAULTS, type ExplorerConfig } from './explorer/explorer-config.js';
export { fetchFailureCode, fetchResendingOnStaleSocket } from './http/stale-socket.js';
export { CompositeChainSource, createChainSource, type ChainSourceConfig } from './composite-chain-source.js';
export { chainSourceFromEnv, compositeChainSourceConfigFromEnv } from './chain-source-from-env.js';
export {
  chainModeVariable,
  chainSourceConfigFromEnv,
  ChainSourceConfigError,
  rpcUrlVariable,
  type ChainEndpoint,
  type ConfigIssue,
  type JsonRpcChainSourceConfig,
} from './config.js';
