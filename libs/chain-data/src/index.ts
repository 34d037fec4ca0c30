export { createJsonRpcChainSource, JsonRpcChainSource } from './json-rpc/json-rpc-chain-source.js';
export { callFramesFromStructLogs, type StructLog, type TracedTransaction } from './json-rpc/traces/struct-logs.js';
export { callFramesFromCallTracer, type CallTracerFrame } from './json-rpc/traces/call-tracer.js';
export { JsonRpcFailure, type RpcFailureDetails, type RpcFailureKind } from './json-rpc/rpc-failure.js';
export {
  chainModeVariable,
  chainSourceConfigFromEnv,
  ChainSourceConfigError,
  rpcUrlVariable,
  type ChainEndpoint,
  type ConfigIssue,
  type JsonRpcChainSourceConfig,
} from './config.js';
