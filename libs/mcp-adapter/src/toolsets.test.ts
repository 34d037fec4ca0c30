import { CATALOG, TOOL_FAMILIES } from '@paysight/contracts';
import { decodeCursor, encodeCursor } from './cursor.js';
import { entriesOf, parseToolsets } from './toolsets.js';

describe('parseToolsets', () => {
  it.each([
    [undefined, TOOL_FAMILIES],
    ['', TOOL_FAMILIES],
    ['all', TOOL_FAMILIES],
    ['tx', ['tx']],
    [' TX , wallet,tx', ['wallet', 'tx']],
  ])('%j selects %j in catalog family order', (value, expected) => {
    expect(parseToolsets(value)).toEqual({ ok: true, toolsets: expected });
  });

  it('refuses unknown names instead of hiding tools', () => {
    expect(parseToolsets('wallet,walet')).toEqual({ ok: false, problem: expect.stringMatching(/unknown toolset "walet"; choose from wallet, tx, trust/) });
  });

  it('keeps catalog order within the selection', () => {
    expect(entriesOf(['tx']).map((e) => e.id)).toEqual(CATALOG.filter((e) => e.family === 'tx').map((e) => e.id));
  });
});

describe('tools/list cursors', () => {
  it('round-trip only within the listing they were issued for', () => {
    const cursor = encodeCursor(4, 'wallet,tx/4');
    expect(decodeCursor(cursor, 'wallet,tx/4', 10)).toBe(4);
    expect(decodeCursor(cursor, 'tx/4', 10)).toBeNull();
    expect(decodeCursor(cursor, 'wallet,tx/4', 4)).toBeNull();
    expect(decodeCursor(encodeCursor(0, 'k'), 'k', 10)).toBeNull();
    expect(decodeCursor('%%%', 'k', 10)).toBeNull();
  });
});
