export { readTestStack, type SharedTestStack } from './stack.js';
export { devnetChainSource, openTestStore } from './services.js';
export { startTestApi, type TestApi } from './api.js';
export { fundedBuyer, officialPaymentClient, payingFetch, usdcBalance } from './buyer.js';
export { toolPorts } from './tool-ports.js';
