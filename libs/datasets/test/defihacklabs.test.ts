import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAddress, zeroAddress } from 'viem';
import { AddressDataset, exploitThreatEntries, mergeThreatEntries, readPocHeader, threatEntriesFromDarklist, type PocHeader } from '../src/index.js';

// Header lines in the shapes DeFiHackLabs PoCs use; the addresses are those of the incidents named.
const LEETSWAP = `// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.10;

// @KeyInfo - Total Lost : ~630K USD$
// Attacker : https://basescan.org/address/0x705f736145bb9d4a4a186f4595907b60815085c3
// Attack Contract : https://basescan.org/address/0xea8f89f47f3d4293897b4fe8cb69b5c233b9f560
// Vulnerable Contract : https://basescan.org/address/0x94dac4a3ce998143aa119c05460731da80ad90cf
// Attack Tx : https://basescan.org/tx/0xbb837d417b76dd237b4418e1695a50941a69259a1c4dee561ea57d982b9f10ec
`;

const a = (n: number) => getAddress(`0x${n.toString(16).padStart(40, 'a')}`);

describe('readPocHeader', () => {
  it('reads attacker, attack contract, loss and attack tx; the vulnerable contract is never an attacker', () => {
    expect(readPocHeader('src/test/2023-08/Leetswap_exp.sol', LEETSWAP)).toEqual({
      path: 'src/test/2023-08/Leetswap_exp.sol',
      incident: 'Leetswap',
      month: '2023-08',
      lost: '~630K USD$',
      attackTxs: [{ chain: 'base', hash: '0xbb837d417b76dd237b4418e1695a50941a69259a1c4dee561ea57d982b9f10ec' }],
      addresses: [
        { address: '0x705f736145Bb9D4a4a186F4595907B60815085C3', chain: 'base', role: 'attacker', chainFrom: 'link' },
        { address: getAddress('0xea8f89f47f3d4293897b4fe8cb69b5c233b9f560'), chain: 'base', role: 'attack contract', chainFrom: 'link' },
      ],
      notAttackers: [getAddress('0x94dac4a3ce998143aa119c05460731da80ad90cf')],
      skipped: [],
    });
  });

  it('accepts the key and link variants found in the repository', () => {
    const text = [
      '// @KeyInfo -- Total Lost : ~$20M',
      `// Attacker EOA1 : https://optimistic.etherscan.io/address/${a(1).toLowerCase()}`,
      `// ATTACKER2 - https://www.Etherscan.com/address/${a(2)}`,
      `// Attack Contract1 : https://optimistic.etherscan.io/address/${a(3)}, https://arbiscan.io/address/${a(4)}#code`,
      `// Attack Contract(Main logic) : https://polygonscan.com/address/${a(5).toUpperCase().replace('0X', '0x')}`,
      '// Attack Contracts : ',
      `//   https://basescan.org/address/${a(6)}`,
      `//   https://base.blockscout.com/address/${a(7)}?tab=contract`,
      `// Exploiter: https://etherscan.io/address/${a(1)} (also on Optimism)`,
      `// Whitehat : https://etherscan.io/address/${a(8)}`,
      `// Frontrunner Attack Contract: https://etherscan.io/address/${a(9)}`,
      `// Victim pair : ${a(10)}`,
      `// Attacker Contract Code : https://etherscan.io/address/${a(11)}#code`,
      '// Attack Contract : N/A',
      `// Attack Tx 1 : https://optimistic.etherscan.io/tx/0x${'1'.repeat(64)}`,
      `// Attacker : https://bscscan.com/address/${a(12)}`,
      `// Attacker : https://etherscan.io/address/${a(13)}0`,
      `//  step 1: the attacker ${a(14)} deposits`,
    ].join('\n');
    const header = readPocHeader('src/test/2024-05/Sonne_exp.sol', text);
    expect(header.lost).toBe('~$20M');
    expect(header.addresses).toEqual([
      { address: a(1), chain: 'optimism', role: 'attacker', chainFrom: 'link' },
      { address: a(2), chain: 'ethereum', role: 'attacker', chainFrom: 'link' },
      { address: a(3), chain: 'optimism', role: 'attack contract', chainFrom: 'link' },
      { address: a(4), chain: 'arbitrum', role: 'attack contract', chainFrom: 'link' },
      { address: a(5), chain: 'polygon', role: 'attack contract', chainFrom: 'link' },
      { address: a(6), chain: 'base', role: 'attack contract', chainFrom: 'link' },
      { address: a(7), chain: 'base', role: 'attack contract', chainFrom: 'link' },
      { address: a(1), chain: 'ethereum', role: 'attacker', chainFrom: 'link' },
    ]);
    expect(header.notAttackers).toEqual([a(8), a(9), a(10)]);
    expect(header.attackTxs).toEqual([{ chain: 'optimism', hash: `0x${'1'.repeat(64)}` }]);
    expect(header.skipped.map((s) => [s.line, s.reason])).toEqual([
      [16, 'other chain'],
      [17, 'malformed address'],
    ]);
  });

  it("gives an address written without a link the chain of the file's links only when they all name one chain", () => {
    const parity = ['// Attacker : 0xB3764761E297D6f121e79C32A65829Cd1dDb4D32', '// Attack Contract : N/A', `// Attack Tx : https://etherscan.io/tx/0x${'9'.repeat(64)}`].join('\n');
    expect(readPocHeader('src/test/2017-07/Parity_first_hack_exp.sol', parity).addresses).toEqual([
      { address: '0xB3764761E297D6f121e79C32A65829Cd1dDb4D32', chain: 'ethereum', role: 'attacker', chainFrom: 'file' },
    ]);
    const twoChains = [`// Attacker : ${a(1)}`, `// Attack Tx (ETH) : https://etherscan.io/tx/0x${'2'.repeat(64)}`, `// Attack Tx (BSC) : https://bscscan.com/tx/0x${'3'.repeat(64)}`].join('\n');
    expect(readPocHeader('src/test/2024-01/Bridge_exp.sol', twoChains)).toMatchObject({ addresses: [], skipped: [{ line: 1, reason: 'no chain' }] });
    expect(readPocHeader('src/test/2024-01/Bridge_exp.sol', `// Attacker : ${a(1)}\n// Analysis: https://x.com/status/1`)).toMatchObject({ addresses: [], skipped: [{ reason: 'no chain' }] });
  });

  it('names the incident after the file and the month after its folder', () => {
    expect(readPocHeader('src/test/2023-07/Conic_exp2.sol', '')).toMatchObject({ incident: 'Conic', month: '2023-07', lost: null, addresses: [] });
    expect(readPocHeader('src/test/2024-10/CompoundFork_exploit.sol', '').incident).toBe('CompoundFork');
    expect(readPocHeader('src/test/2023-11/KyberSwap_exp.eth.1.sol', '').incident).toBe('KyberSwap');
    expect(readPocHeader('src/test/IUNMI_db27_exp.sol', '')).toMatchObject({ incident: 'IUNMI_db27', month: null });
  });
});

describe('exploitThreatEntries', () => {
  const COMMIT = 'b3719ce7fb93ee6f743853ede9471e1a8bed1de0';
  const poc = (path: string, month: string, addresses: PocHeader['addresses'], extra: Partial<PocHeader> = {}): PocHeader => ({
    path,
    incident: path.split('/').at(-1)!.replace(/_exp\.sol$/, ''),
    month,
    lost: null,
    attackTxs: [],
    addresses,
    notAttackers: [],
    skipped: [],
    ...extra,
  });

  it('lists each address once with every incident and chain naming it, and leaves out victims, protocol contracts and the zero address', () => {
    const pocs = [
      poc('src/test/2025-03/UNI_exp.sol', '2025-03', [{ address: a(1), chain: 'base', role: 'attacker', chainFrom: 'link' }], {
        lost: '~$10K',
        attackTxs: [
          { chain: 'base', hash: `0x${'b'.repeat(64)}` },
          { chain: 'ethereum', hash: `0x${'e'.repeat(64)}` },
        ],
      }),
      poc('src/test/2024-01/Old_exp.sol', '2024-01', [
        { address: a(1), chain: 'ethereum', role: 'attacker', chainFrom: 'file' },
        { address: a(2), chain: 'ethereum', role: 'attack contract', chainFrom: 'link' },
        { address: a(3), chain: 'ethereum', role: 'attack contract', chainFrom: 'link' },
        { address: zeroAddress, chain: 'ethereum', role: 'attack contract', chainFrom: 'file' },
        { address: a(4), chain: 'ethereum', role: 'attacker', chainFrom: 'link' },
      ]),
      poc('src/test/2024-02/Victim_exp.sol', '2024-02', [], { notAttackers: [a(3)] }),
    ];
    const { entries, excluded } = exploitThreatEntries(pocs, COMMIT, new Map([[a(4).toLowerCase(), 'Multicall3']]));
    const link = (p: string) => `https://github.com/SunWeb3Sec/DeFiHackLabs/blob/${COMMIT}/${p}`;
    expect(entries).toEqual([
      {
        address: a(1),
        label: 'Attacker of Old (2024-01); Attacker of UNI (2025-03)',
        category: 'exploit',
        source: `${link('src/test/2024-01/Old_exp.sol')} ${link('src/test/2025-03/UNI_exp.sol')}`,
        chains: ['ethereum', 'base'],
        incidents: [
          { incident: 'Old', month: '2024-01', role: 'attacker', chains: ['ethereum'], path: 'src/test/2024-01/Old_exp.sol', lost: null, attackTxs: [] },
          { incident: 'UNI', month: '2025-03', role: 'attacker', chains: ['base'], path: 'src/test/2025-03/UNI_exp.sol', lost: '~$10K', attackTxs: [`0x${'b'.repeat(64)}`] },
        ],
      },
      expect.objectContaining({ address: a(2), label: 'Attack contract of Old (2024-01)', chains: ['ethereum'] }),
    ]);
    expect(excluded).toEqual([
      { address: a(3), reason: 'named as a vulnerable contract, victim, whitehat or frontrunner in src/test/2024-02/Victim_exp.sol' },
      { address: zeroAddress, reason: 'the zero address' },
      { address: a(4), reason: 'a known protocol or token contract (Multicall3)' },
    ]);
  });

  it('merges with the darklist: an address in both keeps both sources and labels, the chains of each, and the most specific category', () => {
    const { entries: darklist } = threatEntriesFromDarklist([{ address: a(1), comment: 'Fake Dock crowdsale site', date: '2018-03-12' }]);
    const { entries: exploits } = exploitThreatEntries([poc('src/test/2023-08/X_exp.sol', '2023-08', [{ address: a(1), chain: 'base', role: 'attacker', chainFrom: 'link' }])], COMMIT, new Map());
    expect(mergeThreatEntries(darklist, exploits)).toEqual([
      {
        address: a(1),
        label: 'Fake Dock crowdsale site (listed 2018-03-12); Attacker of X (2023-08)',
        category: 'exploit',
        source: `ethereum-lists darklist; https://github.com/SunWeb3Sec/DeFiHackLabs/blob/${COMMIT}/src/test/2023-08/X_exp.sol`,
        chains: ['ethereum', 'base'],
        incidents: exploits[0]!.incidents,
      },
    ]);
  });
});

describe('threat dataset generator', () => {
  it('builds one loadable dataset from a darklist file and a DeFiHackLabs checkout, recording its commit', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'threats-'));
    try {
      const checkout = path.join(dir, 'DeFiHackLabs');
      mkdirSync(path.join(checkout, 'src/test/2023-08'), { recursive: true });
      mkdirSync(path.join(checkout, 'src/test/2023-11/KyberSwap/libraries'), { recursive: true });
      writeFileSync(path.join(checkout, 'src/test/2023-08/Leetswap_exp.sol'), LEETSWAP);
      writeFileSync(path.join(checkout, 'src/test/2023-11/KyberSwap/libraries/TickMath.sol'), `// Attacker : https://etherscan.io/address/${a(9)}\n`);
      writeFileSync(path.join(checkout, 'src/test/2023-11/Victim_exp.sol'), `// Attacker : https://etherscan.io/address/${a(5)}\n// Vulnerable Contract : https://etherscan.io/address/0xea8f89f47f3d4293897b4fe8cb69b5c233b9f560\n`);
      const git = (...args: string[]) => execFileSync('git', ['-C', checkout, ...args], { encoding: 'utf8' }).trim();
      git('init', '-q');
      git('add', '.');
      git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'fixture');
      const commit = git('rev-parse', 'HEAD');
      const darklist = path.join(dir, 'addresses-darklist.json');
      writeFileSync(darklist, JSON.stringify([{ address: a(5), comment: 'Fake Dock crowdsale site', date: '2018-03-12' }]));
      const out = path.join(dir, 'threats.json');
      const script = path.join(__dirname, '../src/build-threat-dataset.ts');
      const args = ['--conditions=@paysight/source', '--import', 'tsx', script, '--darklist', darklist, '--defihacklabs', checkout, '--date', '2026-11-28', '--out', out, '--note', 'a test'];
      const printed = execFileSync(process.execPath, args, { encoding: 'utf8' });
      expect(printed).toContain(`2 threat addresses written to ${out} (0 drainer, 0 phishing, 0 scam, 2 exploit; ethereum 1, base 1, polygon 0, arbitrum 0, optimism 0;`);
      const dataset = new AddressDataset<{ category: string; source: string }>(JSON.parse(readFileSync(out, 'utf8')));
      expect(dataset.header).toMatchObject({ id: 'threat-addresses', snapshotDate: '2026-11-28', complete: false, licence: expect.stringContaining('Apache-2.0') });
      expect(dataset.header.source).toContain(commit);
      expect(dataset.header.notes).toContain('a test');
      expect(dataset.header.notes.join(' ')).toContain('1 address(es), never listed: 1 named as a vulnerable contract, victim, whitehat or frontrunner');
      expect(dataset.find('base', '0x705f736145bb9d4a4a186f4595907b60815085c3')).toMatchObject({ category: 'exploit', label: 'Attacker of Leetswap (2023-08)' });
      expect(dataset.find('base', '0xea8f89f47f3d4293897b4fe8cb69b5c233b9f560')).toBeUndefined();
      expect(dataset.find('ethereum', a(5))).toMatchObject({ source: expect.stringMatching(/^ethereum-lists darklist; https:\/\/github.com\/SunWeb3Sec\/DeFiHackLabs\/blob\//) });
      expect(dataset.find('ethereum', a(9))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
