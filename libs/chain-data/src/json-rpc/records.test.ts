import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RpcTransactionReceipt } from 'viem';
import { toReceiptRecord } from './records.js';

const recorded = JSON.parse(readFileSync(join(__dirname, '../../test/fixtures/base-receipt-l1-fee.json'), 'utf8')) as { result: RpcTransactionReceipt };

describe('toReceiptRecord', () => {
  it('reads the L1 data fee fields of a recorded Base receipt', () => {
    const receipt = toReceiptRecord(recorded.result);
    expect(receipt).toMatchObject({ blockNumber: 18_374_229n, gasUsed: 21_000n, effectiveGasPrice: 3_257_371n, status: 'success' });
    expect(receipt.l1Fee).toEqual({
      fee: 4_931_920_883n,
      l1GasUsed: 1_600n,
      l1GasPrice: 1_358_506_164n,
      l1BaseFeeScalar: 2_269n,
      l1BlobBaseFee: 1n,
      l1BlobBaseFeeScalar: 1_055_762n,
    });
  });

  it('leaves l1Fee out for a receipt without it (Ethereum, Polygon, Arbitrum)', () => {
    const { l1Fee: _fee, l1GasUsed: _used, l1GasPrice: _price, l1BaseFeeScalar: _scalar, l1BlobBaseFee: _blob, l1BlobBaseFeeScalar: _blobScalar, ...plain } = recorded.result as RpcTransactionReceipt & Record<string, unknown>;
    expect(toReceiptRecord(plain as RpcTransactionReceipt)).not.toHaveProperty('l1Fee');
  });
});
