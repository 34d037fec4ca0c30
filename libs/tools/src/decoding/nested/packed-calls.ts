import { decodeAbiParameters, getAddress, hexToBigInt, parseAbiParameters, sliceHex, size, type Address, type Hex } from 'viem';

/** A call packed into bytes by a batching contract. */
export interface PackedCall {
  operation: 'call' | 'delegatecall';
  to: Address;
  value: bigint;
  data: Hex;
}

/**
 * Safe's MultiSend (and MultiSendCallOnly) batch: each call is `abi.encodePacked(uint8 operation,
 * address to, uint256 value, uint256 dataLength, bytes data)`, back to back. Returns null when the
 * bytes do not split cleanly into such calls.
 */
export function decodeMultiSend(transactions: Hex): PackedCall[] | null {
  const total = size(transactions);
  const calls: PackedCall[] = [];
  let at = 0;
  while (at < total) {
    if (at + 85 > total) return null;
    const operation = Number(hexToBigInt(sliceHex(transactions, at, at + 1)));
    if (operation > 1) return null;
    const to = getAddress(sliceHex(transactions, at + 1, at + 21));
    const value = hexToBigInt(sliceHex(transactions, at + 21, at + 53));
    const length = hexToBigInt(sliceHex(transactions, at + 53, at + 85));
    const end = at + 85 + Number(length);
    if (length > BigInt(total) || end > total) return null;
    calls.push({ operation: operation === 1 ? 'delegatecall' : 'call', to, value, data: length === 0n ? '0x' : sliceHex(transactions, at + 85, end) });
    at = end;
  }
  return calls;
}

const EXECUTIONS = parseAbiParameters('(address target, uint256 value, bytes callData)[] executions');

/**
 * ERC-7579 `execute(bytes32 mode, bytes executionCalldata)`: the mode's first byte is the call type
 * (0x00 one call packed as target ‖ value ‖ callData, 0x01 a batch abi-encoded as
 * (address,uint256,bytes)[], 0xff one delegatecall packed as target ‖ callData). Null for other
 * call types or bytes that do not fit.
 */
export function decodeErc7579Execution(mode: Hex, executionCalldata: Hex): PackedCall[] | null {
  const callType = Number.parseInt(mode.slice(2, 4), 16);
  const length = size(executionCalldata);
  try {
    if (callType === 0x00) {
      if (length < 52) return null;
      const data = length === 52 ? '0x' : sliceHex(executionCalldata, 52);
      return [{ operation: 'call', to: getAddress(sliceHex(executionCalldata, 0, 20)), value: hexToBigInt(sliceHex(executionCalldata, 20, 52)), data }];
    }
    if (callType === 0x01) {
      const [executions] = decodeAbiParameters(EXECUTIONS, executionCalldata);
      return executions.map((e) => ({ operation: 'call' as const, to: getAddress(e.target), value: e.value, data: e.callData }));
    }
    if (callType === 0xff) {
      if (length < 20) return null;
      return [{ operation: 'delegatecall', to: getAddress(sliceHex(executionCalldata, 0, 20)), value: 0n, data: length === 20 ? '0x' : sliceHex(executionCalldata, 20) }];
    }
  } catch {
    return null;
  }
  return null;
}
