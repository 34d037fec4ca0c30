// The five devnet chains alone, on the default ports:
//   node --conditions=@paysight/source --import tsx tools/devnet/src/main.ts
import { DEFAULT_DEVNET_PORTS, startDevnet } from './devnet.js';

const devnet = await startDevnet({ ports: DEFAULT_DEVNET_PORTS, indexBeforeReady: true, log: (line) => console.log(line) });

console.log('\nRPC URLs:');
for (const chain of Object.values(devnet.chains)) console.log(`  ${chain.name.padEnd(9)} ${chain.rpcUrl}  (chain id ${chain.chainId}, USDC ${chain.usdc})`);
console.log(`Faucet:   POST ${devnet.faucetUrl}/fund  {"chain":"base","address":"0x...","native":"<wei>","usdc":"<atomic>"}`);
console.log(`Explorer: GET ${devnet.explorerUrl}?chainid=8453&module=account&action=txlist&address=0x...  (EXPLORER_API_URL)`);
console.log(`Demo buyer ${devnet.accounts.demoBuyer.address} (private key ${devnet.accounts.demoBuyer.privateKey}; devnet only)`);
console.log('Press Ctrl+C to stop.');

const stop = () => {
  devnet.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
