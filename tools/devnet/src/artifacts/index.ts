// The compiled contracts, committed as JSON by `npm run compile -w @paysight/devnet`.
import type { Artifact } from '../solidity/artifact.js';
import Counter from './Counter.json' with { type: 'json' };
import CounterfeitToken from './CounterfeitToken.json' with { type: 'json' };
import DevnetCollectible from './DevnetCollectible.json' with { type: 'json' };
import DevnetPermit2 from './DevnetPermit2.json' with { type: 'json' };
import DevnetProxy from './DevnetProxy.json' with { type: 'json' };
import DevnetRouter from './DevnetRouter.json' with { type: 'json' };
import DevnetToken from './DevnetToken.json' with { type: 'json' };
import DevnetUSDC from './DevnetUSDC.json' with { type: 'json' };
import MixerPool from './MixerPool.json' with { type: 'json' };
import Multicall3 from './Multicall3.json' with { type: 'json' };
import MultisigWallet from './MultisigWallet.json' with { type: 'json' };
import RelayedAccount from './RelayedAccount.json' with { type: 'json' };
import SafeStyleProxy from './SafeStyleProxy.json' with { type: 'json' };
import SanctionsOracle from './SanctionsOracle.json' with { type: 'json' };
import SmartAccount from './SmartAccount.json' with { type: 'json' };
import SwapRouter from './SwapRouter.json' with { type: 'json' };
import Sweeper from './Sweeper.json' with { type: 'json' };
import WrappedNative from './WrappedNative.json' with { type: 'json' };

const asArtifact = (json: unknown): Artifact => json as Artifact;

export const ARTIFACTS = {
  Counter: asArtifact(Counter),
  CounterfeitToken: asArtifact(CounterfeitToken),
  DevnetCollectible: asArtifact(DevnetCollectible),
  DevnetPermit2: asArtifact(DevnetPermit2),
  DevnetProxy: asArtifact(DevnetProxy),
  DevnetRouter: asArtifact(DevnetRouter),
  DevnetToken: asArtifact(DevnetToken),
  DevnetUSDC: asArtifact(DevnetUSDC),
  MixerPool: asArtifact(MixerPool),
  Multicall3: asArtifact(Multicall3),
  MultisigWallet: asArtifact(MultisigWallet),
  RelayedAccount: asArtifact(RelayedAccount),
  SafeStyleProxy: asArtifact(SafeStyleProxy),
  SanctionsOracle: asArtifact(SanctionsOracle),
  SmartAccount: asArtifact(SmartAccount),
  SwapRouter: asArtifact(SwapRouter),
  Sweeper: asArtifact(Sweeper),
  WrappedNative: asArtifact(WrappedNative),
} as const;

export type ContractName = keyof typeof ARTIFACTS;
