import { writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { FIXTURE_FILE, generateFixture } from './fixture.js';

/** Writes the committed busy-wallet fixture: `npm run wallet-cost-fixture -w @paysight/bench`. Same bytes on every run. */
const fixture = generateFixture();
await writeFile(FIXTURE_FILE, gzipSync(JSON.stringify(fixture), { level: 9 }));
console.log(`${fixture.transfers.tx.length} transfers, ${fixture.counterparties.length} counterparties, ${fixture.approvals.block.length} approvals written to ${FIXTURE_FILE}`);
