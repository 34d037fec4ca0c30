import { toolById } from '@paysight/contracts';
import { createDevnetChainSource, freshAccount } from '@paysight/devnet';
import { buildChallenge, PAYMENT_REQUIRED_HEADER, type Challenge } from '@paysight/payment';
import { startLocalServices } from '@paysight/stack';
import { startStackApi } from '@paysight/stack/api';
import { openStore } from '@paysight/store';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import express from 'express';
import type { AddressInfo } from 'node:net';

/** The paid route every server answers with a 402. */
export const BENCH_TOOL = toolById('wallet_snapshot')!;

export interface BenchServers {
  /** Base URLs of the three servers. */
  targets: { paysight: string; bareExpress: string; referenceX402Express: string };
  close(): Promise<void>;
}

function listen(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/**
 * Three servers answering the same unpaid POST with a 402: the Paysight API (validation, catalog
 * route, challenge built per request), a bare Express route sending a precomputed 402, and the
 * reference @x402/express middleware configured for the same price and payee.
 */
export async function startBenchServers(): Promise<BenchServers> {
  const services = await startLocalServices({ seed: false });
  const { devnet, facilitator } = services;
  const payTo = freshAccount().address;
  const store = await openStore({ dataDir: 'memory://' });

  const paysight = await startStackApi(services.info, {
    payTo,
    store,
    facilitatorTimeoutMs: 5_000,
    chainSource: createDevnetChainSource(devnet, { explorer: false }),
  });

  const bareApp = express();
  bareApp.use(express.json());
  // Built once, after listening (the resource URL names the port); the route only sends it.
  const precomputed: { challenge?: Challenge } = {};
  bareApp.post(BENCH_TOOL.path, (_req, res) => {
    res.status(402).set(PAYMENT_REQUIRED_HEADER, precomputed.challenge!.header).json(precomputed.challenge!.body);
  });
  const bare = await listen(bareApp);
  precomputed.challenge = buildChallenge(BENCH_TOOL, { payTo, resourceUrl: `${bare.url}${BENCH_TOOL.path}` });

  const referenceApp = express();
  referenceApp.use(express.json());
  const resourceServer = new x402ResourceServer(new HTTPFacilitatorClient({ url: facilitator.url })).register('eip155:8453', new ExactEvmScheme());
  referenceApp.use(
    paymentMiddleware(
      { [`POST ${BENCH_TOOL.path}`]: { accepts: { scheme: 'exact', price: `$${BENCH_TOOL.price}`, network: 'eip155:8453', payTo }, description: BENCH_TOOL.title } },
      resourceServer,
    ),
  );
  referenceApp.post(BENCH_TOOL.path, (_req, res) => {
    res.json({ ok: true });
  });
  const reference = await listen(referenceApp);

  return {
    targets: { paysight: paysight.url, bareExpress: bare.url, referenceX402Express: reference.url },
    close: async () => {
      await Promise.all([paysight.close(), bare.close(), reference.close()]);
      await store.close();
      await services.close();
    },
  };
}
