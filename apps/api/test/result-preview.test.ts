import { CATALOG, resultJsonSchema, toolById } from '@paysight/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { resultPreview } from '../src/discovery/result-preview.js';

// Walks the whole catalog: a new tool's preview is checked without a new test. A failure means a
// result schema leaf needs `examples` or bounds (libs/contracts/src/schemas/common.ts).
describe('result previews', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  it.each(CATALOG.map((t) => [t.id, t] as const))('%s: the preview validates against its result schema', (_id, entry) => {
    const validate = ajv.compile(resultJsonSchema(entry));
    const preview = resultPreview(entry);
    expect([validate(preview), validate.errors ?? null]).toEqual([true, null]);
    expect(preview).toEqual(resultPreview(entry));
  });

  it('use the schemas\' examples where they give one', () => {
    const snapshot = resultPreview(toolById('wallet_snapshot')!) as { addressSummary: { address: string; chainId: number } };
    expect(snapshot.addressSummary.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(snapshot.addressSummary.chainId).toBeGreaterThan(0);
  });
});
