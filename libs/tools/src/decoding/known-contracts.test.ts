import { CHAIN_NAMES, CHAINS, MULTICALL3_ADDRESS } from '@paysight/contracts';
import { getAddress } from 'viem';
import { PERMIT2_ADDRESS, recogniseContract, WRAPPED_NATIVE, type ContractProbe } from './known-contracts.js';

const SOMEWHERE = getAddress('0x1234567890123456789012345678901234567890');
const probe = (over: Partial<ContractProbe>): ContractProbe => ({ address: SOMEWHERE, name: null, symbol: null, decimals: null, erc721: false, erc1155: false, ...over });

describe('recogniseContract', () => {
  it.each(CHAIN_NAMES)('knows USDC, the wrapped native coin, Multicall3 and Permit2 by address on %s', (chain) => {
    const usdc = probe({ address: CHAINS[chain].usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6 });
    expect(recogniseContract(chain, usdc.address, usdc)).toMatchObject({ as: 'usdc', label: 'USD Coin (USDC)', decimals: 6 });
    expect(recogniseContract(chain, WRAPPED_NATIVE[chain])).toMatchObject({ as: 'wrapped_native', label: `W${CHAINS[chain].nativeSymbol}` });
    expect(recogniseContract(chain, MULTICALL3_ADDRESS)).toMatchObject({ as: 'multicall3', label: 'Multicall3' });
    expect(recogniseContract(chain, PERMIT2_ADDRESS.toLowerCase() as `0x${string}`)).toMatchObject({ as: 'permit2' });
  });

  it('recognises token standards from what the contract answered', () => {
    expect(recogniseContract('base', SOMEWHERE, probe({ name: 'Devnet Dollar', symbol: 'DUSD', decimals: 18 }))).toMatchObject({ as: 'erc20', label: 'Devnet Dollar (DUSD)' });
    expect(recogniseContract('base', SOMEWHERE, probe({ symbol: 'DXPL', erc721: true }))).toMatchObject({ as: 'erc721', label: 'DXPL', decimals: null });
    expect(recogniseContract('base', SOMEWHERE, probe({ erc721: true, erc1155: true }))).toMatchObject({ as: 'erc1155', label: 'an ERC-1155 collection' });
  });

  it('recognises nothing from a contract that answered neither symbol and decimals nor ERC-165', () => {
    expect(recogniseContract('base', SOMEWHERE, probe({ name: 'Counter', symbol: 'CNT' }))).toBeNull();
    expect(recogniseContract('base', SOMEWHERE)).toBeNull();
  });
});
