import { buildChallenge, createReceiptSigner, OFFER_VALIDITY_SECONDS, PAYMENT_REQUIRED_HEADER, type Challenge } from '@paysight/payment';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import express from 'express';
import { generatePrivateKey } from 'viem/accounts';
import { BENCH_TOOL } from '../shared/bench-tool.js';
import { listen } from '../shared/listen.js';
import { localServicesOfArgs } from '../shared/local-services.js';
import { startPaysightApi } from '../shared/paysight-api.js';
import type { ChildServers } from '../shared/servers-child.js';

/** Base URLs of the three servers; each answers the paid route of BENCH_TOOL with a 402. */
export interface ChallengeTargets {
  paysight: string;
  bareExpress: string;
  referenceX402Express: string;
}

/**
 * Three servers answering the same unpaid POST with a 402: the Paysight API (validation, catalog
 * route, challenge and signed offer kept per tool and resource URL), a bare Express route sending a precomputed 402,
 * and the reference @x402/express middleware configured for the same price and payee.
 */
export async function startBenchServers(): Promise<ChildServers<ChallengeTargets>> {
  const services = localServicesOfArgs();
  const paysight = await startPaysightApi(services);
  const { payTo } = paysight;

  const bareApp = express();
  bareApp.use(express.json());
  // Built once, after listening (the resource URL names the port); the route only sends it.
  const precomputed: { challenge?: Challenge } = {};
  bareApp.post(BENCH_TOOL.path, (_req, res) => {
    res.status(402).set(PAYMENT_REQUIRED_HEADER, precomputed.challenge!.header).json(precomputed.challenge!.body);
  });
  const bare = await listen(bareApp);
  // The same 402 as Paysight's, with a signed offer.
  const resourceUrl = `${bare.url}${BENCH_TOOL.path}`;
  const { accepts } = buildChallenge(BENCH_TOOL, { payTo, resourceUrl }).body.paymentRequired;
  const signedOffers = await createReceiptSigner(generatePrivateKey()).signOffers(resourceUrl, accepts, OFFER_VALIDITY_SECONDS);
  precomputed.challenge = buildChallenge(BENCH_TOOL, { payTo, resourceUrl, signedOffers });

  const referenceApp = express();
  referenceApp.use(express.json());
  const resourceServer = new x402ResourceServer(new HTTPFacilitatorClient({ url: services.facilitatorUrl })).register('eip155:8453', new ExactEvmScheme());
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
    targets: { paysight: paysight.api.url, bareExpress: bare.url, referenceX402Express: reference.url },
    close: async () => {
      await Promise.all([bare.close(), reference.close()]);
      await paysight.close();
    },
  };
}
