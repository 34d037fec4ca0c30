import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHAIN_NAMES, type ChainName, MULTICALL3_ADDRESS, PERMIT2_CONTRACT } from '@paysight/contracts';
import { isAddress, zeroAddress } from 'viem';
import {
  AddressDataset,
  DARKLIST_SOURCE,
  darklistCategory,
  EIP7702_SMART_ACCOUNTS,
  evmAddressesFromSdnAdvancedXml,
  KNOWN_SPENDERS,
  KNOWN_TOKENS,
  MIXERS,
  RISK_DATASETS,
  SdnAdvancedXmlReader,
  SDN_ADDRESSES,
  THREAT_ADDRESSES,
  THREAT_CATEGORIES,
  threatEntriesFromDarklist,
  TOKEN_VARIANTS,
} from '../src/index.js';

const LAZARUS = [
  '0x098B716B8Aaf21512996dC57EB0615e2383E2f96',
  '0xa0e1c89Ef1a489c9C7dE96311eD5Ce5D32c20E4B',
  '0x3Cffd56B47B7b41c56258D9C7731ABaDc360E073',
  '0x53b6936513e738f44FB50d2b9476730C0Ab3Bfc1',
  '0x35fB6f6DB4fb05e6A4cE86f2C93691425626d4b1',
];

/** The shape of OFAC's sdn_advanced.xml, trimmed to two parties. */
const XML = `<?xml version="1.0" encoding="utf-8"?>
<Sanctions xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADVANCED_XML">
  <DateOfIssue><Year>2026</Year><Month>11</Month><Day>20</Day></DateOfIssue>
  <ReferenceValueSets>
    <FeatureTypeValues>
      <FeatureType ID="8" FeatureTypeGroupID="1">Nationality Country</FeatureType>
      <FeatureType ID="345" FeatureTypeGroupID="4">Digital Currency Address - ETH</FeatureType>
      <FeatureType ID="887" FeatureTypeGroupID="4">Digital Currency Address - USDT</FeatureType>
      <FeatureType ID="344" FeatureTypeGroupID="4">Digital Currency Address - XBT</FeatureType>
    </FeatureTypeValues>
  </ReferenceValueSets>
  <DistinctParties>
    <DistinctParty FixedRef="1001">
      <Profile ID="1001" PartySubTypeID="3">
        <Identity ID="7" FixedRef="1001" Primary="true" False="false">
          <Alias FixedRef="1001" AliasTypeID="1403" Primary="false" LowQuality="false">
            <DocumentedName ID="1" FixedRef="1001" DocNameStatusID="2"><DocumentedNamePart><NamePartValue NamePartGroupID="1" ScriptID="215">APPLEWORM</NamePartValue></DocumentedNamePart></DocumentedName>
          </Alias>
          <Alias FixedRef="1001" AliasTypeID="1403" Primary="true" LowQuality="false">
            <DocumentedName ID="2" FixedRef="1001" DocNameStatusID="1"><DocumentedNamePart><NamePartValue NamePartGroupID="1" ScriptID="215">LAZARUS GROUP</NamePartValue></DocumentedNamePart></DocumentedName>
          </Alias>
        </Identity>
        <Feature ID="11" FeatureTypeID="345"><FeatureVersion ID="12" ReliabilityID="1"><VersionDetail DetailTypeID="1432">${LAZARUS[0]}</VersionDetail></FeatureVersion></Feature>
        <Feature ID="13" FeatureTypeID="887"><FeatureVersion ID="14" ReliabilityID="1"><VersionDetail DetailTypeID="1432">${LAZARUS[0]!.toLowerCase()}</VersionDetail></FeatureVersion></Feature>
        <Feature ID="15" FeatureTypeID="344"><FeatureVersion ID="16" ReliabilityID="1"><VersionDetail DetailTypeID="1432">1AjZPMsnmpdK2Rv9KQNfMurTXinscVro9V</VersionDetail></FeatureVersion></Feature>
        <Feature ID="17" FeatureTypeID="8"><FeatureVersion ID="18" ReliabilityID="1"><VersionDetail DetailTypeID="1432">0x1111111111111111111111111111111111111111</VersionDetail></FeatureVersion></Feature>
      </Profile>
    </DistinctParty>
    <DistinctParty FixedRef="1002">
      <Profile ID="1002" PartySubTypeID="4">
        <Identity ID="8" FixedRef="1002" Primary="true" False="false">
          <Alias FixedRef="1002" AliasTypeID="1403" Primary="true" LowQuality="false">
            <DocumentedName ID="3" FixedRef="1002" DocNameStatusID="1"><DocumentedNamePart><NamePartValue NamePartGroupID="2">EXAMPLE</NamePartValue></DocumentedNamePart><DocumentedNamePart><NamePartValue NamePartGroupID="3">TRADING &amp; CO</NamePartValue></DocumentedNamePart></DocumentedName>
          </Alias>
        </Identity>
        <Feature ID="21" FeatureTypeID="345"><FeatureVersion ID="22" ReliabilityID="1"><VersionDetail DetailTypeID="1432"> ${LAZARUS[1]} </VersionDetail></FeatureVersion></Feature>
      </Profile>
    </DistinctParty>
  </DistinctParties>
</Sanctions>`;

describe('shipped risk datasets', () => {
  it('carry a source, a licence and a snapshot date, and load as checksummed addresses', () => {
    for (const dataset of RISK_DATASETS) {
      expect(dataset.header).toMatchObject({ source: expect.stringMatching(/\w/), licence: expect.stringMatching(/public domain|CC0|MIT/i), snapshotDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect(dataset.entries.length).toBeGreaterThan(0);
    }
  });

  it('holds the whole SDN list of 2025-11-19: Lazarus Group listed on every chain, Tornado Cash (delisted 2025-03-21) not', () => {
    expect(SDN_ADDRESSES.header).toMatchObject({ complete: true, snapshotDate: '2025-11-19' });
    expect(SDN_ADDRESSES.header.notes.join(' ')).toContain('SHA-256 36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117');
    expect(SDN_ADDRESSES.entries).toHaveLength(81);
    for (const address of LAZARUS) {
      for (const chain of CHAIN_NAMES) expect(SDN_ADDRESSES.find(chain, address.toLowerCase())).toMatchObject({ address, label: 'Lazarus Group' });
    }
    const tornado = MIXERS.entries.filter((e) => e.label.startsWith('Tornado Cash'));
    expect(tornado.length).toBeGreaterThan(0);
    for (const entry of tornado) expect(SDN_ADDRESSES.find('ethereum', entry.address)).toBeUndefined();
  });

  it('refuses a malformed dataset at load time', () => {
    const header = { id: 'x', description: '', source: 's', licence: 'CC0-1.0', snapshotDate: '2026-11-23', complete: true, notes: [] };
    expect(() => new AddressDataset({ ...header, entries: [{ address: '0x12', label: 'short' }] })).toThrow(/not an address/);
    expect(() => new AddressDataset({ ...header, entries: [{ address: LAZARUS[0]!, label: 'l', chains: ['solana'] }] })).toThrow(/unknown chain solana/);
    expect(() => new AddressDataset({ ...header, snapshotDate: 'last week', entries: [] })).toThrow(/YYYY-MM-DD/);
    expect(() => new AddressDataset({ ...header, entries: [{ address: LAZARUS[0]!, label: 'a' }, { address: LAZARUS[0]!.toLowerCase(), label: 'b' }] })).toThrow(/listed twice/);
  });
});

describe('chain-scoped datasets', () => {
  it('lists mixers and privacy pools on every chain, each entry on the chains its source deploys it on', () => {
    for (const chain of CHAIN_NAMES) expect(MIXERS.onChain(chain).filter((e) => e.role === 'pool').length).toBeGreaterThan(0);
    for (const entry of MIXERS.entries) {
      expect(['pool', 'router', 'relayer-registry']).toContain(entry.role);
      expect(entry.source).toMatch(/\w/);
    }
    // Tornado Cash's Ethereum 0.1 ETH pool is not deployed on Base; its Optimism and Arbitrum twin is not on Ethereum.
    expect(MIXERS.find('ethereum', '0x12d66f87a04a9e220743712ce6d9bb1b5616b8fc')).toMatchObject({ label: 'Tornado Cash 0.1 ETH pool', role: 'pool' });
    expect(MIXERS.find('base', '0x12d66f87a04a9e220743712ce6d9bb1b5616b8fc')).toBeUndefined();
    expect(MIXERS.find('arbitrum', '0x84443cfd09a48af6ef360c6976c5392ac5023a1f')?.chains).toEqual(['optimism', 'arbitrum']);
    expect(MIXERS.find('ethereum', '0x84443cfd09a48af6ef360c6976c5392ac5023a1f')).toBeUndefined();
  });

  it('names the source of every EIP-7702 implementation and known spender, each address written in EIP-55 form', () => {
    for (const [dataset, file] of [[EIP7702_SMART_ACCOUNTS, 'eip7702-smart-accounts.json'], [KNOWN_SPENDERS, 'known-spenders.json']] as const) {
      expect(dataset.header).toMatchObject({ snapshotDate: '2026-11-28', complete: false });
      const raw = JSON.parse(readFileSync(path.join(__dirname, '../data/risk', file), 'utf8')) as { entries: { address: string; chains?: string[]; source: string }[] };
      for (const entry of raw.entries) {
        expect([entry.address, isAddress(entry.address, { strict: true }) && entry.address !== entry.address.toLowerCase()]).toEqual([entry.address, true]);
        expect([entry.address, entry.source]).toEqual([entry.address, expect.stringMatching(/ @ [0-9a-f]{8}\b|^docs\.\w/)]);
        // A scoped entry names chains, none twice; the full list is written by leaving chains out.
        if (entry.chains) expect([entry.address, new Set(entry.chains).size, entry.chains.length < CHAIN_NAMES.length]).toEqual([entry.address, entry.chains.length, true]);
      }
    }
  });

  it('recognises the mainstream EIP-7702 wallets on the chains their vendors deploy them on', () => {
    expect(EIP7702_SMART_ACCOUNTS.entries[0]).toMatchObject({ label: 'MetaMask EIP7702StatelessDeleGator v1.3.0' });
    expect(EIP7702_SMART_ACCOUNTS.find('base', '0x7702cb554e6bfb442cb743a7df23154544a7176c')?.label).toBe('Coinbase EIP7702Proxy (Coinbase Smart Wallet)');
    expect(EIP7702_SMART_ACCOUNTS.find('polygon', '0x69007702764179f14f51cdce752f4f775d74e139')?.label).toBe('Alchemy Modular Account v2 SemiModularAccount7702');
    // Uniswap's Calibur is listed on Ethereum, Base, Optimism and Arbitrum, not on Polygon; OKX names Ethereum only.
    expect(EIP7702_SMART_ACCOUNTS.find('arbitrum', '0x000000009b1d0af20d8c6d0a44e162d11f9b8f00')?.label).toBe('Uniswap Calibur v1.0.0');
    expect(EIP7702_SMART_ACCOUNTS.find('polygon', '0x000000009b1d0af20d8c6d0a44e162d11f9b8f00')).toBeUndefined();
    expect(EIP7702_SMART_ACCOUNTS.find('base', '0x80296ff8d1ed46f8e3c7992664d13b833504c2bb')).toBeUndefined();
  });

  it('knows the mainstream approval targets per chain, and the same address as different contracts where the source says so', () => {
    const ethereum = KNOWN_SPENDERS.onChain('ethereum');
    expect(ethereum[0]).toMatchObject({ label: 'Uniswap Permit2' });
    expect(KNOWN_SPENDERS.find('optimism', '0x794a61358d6845594f94dc1db02a252b5b4814ad')?.label).toBe('Aave v3 Pool');
    expect(KNOWN_SPENDERS.find('ethereum', '0x794a61358d6845594f94dc1db02a252b5b4814ad')).toBeUndefined();
    expect(KNOWN_SPENDERS.find('base', '0x1e0049783f008a0085193e00003d00cd54003c71')?.label).toBe('OpenSea conduit');
    expect(KNOWN_SPENDERS.find('base', '0x00000000006c3852cbef3e08e8df289169ede581')).toBeUndefined();
    expect(KNOWN_SPENDERS.find('arbitrum', '0xce8cca271ebc0533920c83d39f417ed6a0abb7d0')?.chains).toEqual(['arbitrum', 'optimism']);
    // CoW Protocol's vault relayer is deployed on all five chains, not only on Ethereum.
    expect(KNOWN_SPENDERS.find('base', '0xc92e8bdf79f0507f65a392b0ab4667716bfe0110')?.label).toBe('CoW Protocol GPv2VaultRelayer');
    // The devnet's swap router sits at SwapRouter02's address: one entry per chain carries that label.
    for (const chain of CHAIN_NAMES) expect(KNOWN_SPENDERS.onChain(chain).filter((e) => e.label === 'Uniswap SwapRouter02')).toHaveLength(1);
  });

  it('labels every threat address with one of the threat categories, the source that labels it and the chains it applies to', () => {
    expect(THREAT_ADDRESSES.header).toMatchObject({ complete: false, licence: expect.stringMatching(/MIT.*Apache-2\.0/) });
    const commit = /commit ([0-9a-f]{40})/.exec(THREAT_ADDRESSES.header.source)![1]!;
    for (const entry of THREAT_ADDRESSES.entries) {
      expect(THREAT_CATEGORIES).toContain(entry.category);
      expect(entry.chains.length).toBeGreaterThan(0);
      // The darklist names Ethereum mainnet addresses; a DeFiHackLabs entry cites each PoC at the dataset's commit.
      if (!entry.incidents) expect([entry.source, entry.chains]).toEqual([DARKLIST_SOURCE, ['ethereum']]);
      for (const incident of entry.incidents ?? []) {
        expect(entry.source).toContain(`https://github.com/SunWeb3Sec/DeFiHackLabs/blob/${commit}/${incident.path}`);
        expect(incident.path).toMatch(/^src\/test\/(\d{4}-\d{2}\/)?[^/]+\.sol$/);
        for (const chain of incident.chains) expect(entry.chains).toContain(chain);
      }
    }
    expect(new Set(THREAT_ADDRESSES.entries.map((e) => e.category))).toEqual(new Set(['phishing', 'scam', 'exploit']));
    // The Parity multisig exploiter of July 2017, in both sources; listed on Ethereum only.
    expect(THREAT_ADDRESSES.find('ethereum', '0xb3764761e297d6f121e79c32a65829cd1ddb4d32')).toMatchObject({
      category: 'exploit',
      label: 'MultiSigExploit-Hacker_main (listed 2017-07-20); Attacker of Parity_first_hack (2017-07)',
      source: expect.stringMatching(/^ethereum-lists darklist; https:\/\/github\.com\/SunWeb3Sec\/DeFiHackLabs\/blob\/[0-9a-f]{40}\/src\/test\/2017-07\/Parity_first_hack_exp\.sol$/),
    });
    expect(THREAT_ADDRESSES.find('base', '0xb3764761e297d6f121e79c32a65829cd1ddb4d32')).toBeUndefined();
  });

  it('lists exploiters on every chain from DeFiHackLabs, on the chains its PoCs link them', () => {
    const exploits = (chain: ChainName) => THREAT_ADDRESSES.onChain(chain).filter((e) => e.category === 'exploit').length;
    // Counts at commit b3719ce7 (2026-08-22): ethereum 439, base 59, arbitrum 57, polygon 31, optimism 18.
    expect(exploits('ethereum')).toBeGreaterThan(300);
    for (const chain of ['base', 'arbitrum', 'polygon', 'optimism'] as const) expect(exploits(chain)).toBeGreaterThan(10);
    expect(THREAT_ADDRESSES.find('base', '0x705f736145bb9d4a4a186f4595907b60815085c3')).toMatchObject({
      label: 'Attacker of Leetswap (2023-08)',
      chains: ['base'],
      incidents: [{ incident: 'Leetswap', month: '2023-08', role: 'attacker', lost: '~630K USD$', attackTxs: ['0xbb837d417b76dd237b4418e1695a50941a69259a1c4dee561ea57d982b9f10ec'] }],
    });
    expect(THREAT_ADDRESSES.find('ethereum', '0x705f736145bb9d4a4a186f4595907b60815085c3')).toBeUndefined();
    expect(THREAT_ADDRESSES.find('arbitrum', '0xe9544ee39821f72c4fc87a5588522230e340aa54')).toMatchObject({ category: 'exploit', label: 'Attack contract of RodeoFinance (2023-07)' });
    expect(THREAT_ADDRESSES.find('optimism', '0x5d0d99e9886581ff8fcb01f35804317f5ed80bbb')).toMatchObject({ label: 'Attacker of Sonne (2024-05)' });
    expect(THREAT_ADDRESSES.find('polygon', '0x11576cb3d8d6328cf319e85b10e09a228e84a8de')).toMatchObject({ label: 'Attacker of LFI (2023-05)' });
    expect(THREAT_ADDRESSES.find('ethereum', '0x96221423681a6d52e184d440a8efcebb105c7242')).toMatchObject({ label: 'Attack contract of Bybit (2025-02)' });
  });

  it('never lists a victim or a known protocol contract as a threat', () => {
    // The Vulnerable Contract lines of the incidents above: Leetswap's pair, Rodeo, Sonne, LFI, Bybit's cold wallet.
    const victims = ['0x94dac4a3ce998143aa119c05460731da80ad90cf', '0xf3721d8a2c051643e06bf2646762522fa66100da', '0xe3b81318b1b6776f0877c3770afddff97b9f5fe5', '0xfc604b6fd73a1bc60d31be111f798dd0d4137812', '0x1db92e2eebc8e0c075a02bea49a2935bcd2dfcf4'];
    // A whitehat's contract that two PoCs name as an attack contract and another as whitehat or frontrunner.
    const rescuers = ['0x6980a47bee930a4584b09ee79ebe46484fbdbdd0', '0xfde0d1575ed8e06fbf36256bcdfa1f359281455a'];
    const protocol = [zeroAddress, MULTICALL3_ADDRESS, PERMIT2_CONTRACT, ...[KNOWN_SPENDERS, TOKEN_VARIANTS, EIP7702_SMART_ACCOUNTS].flatMap((d) => d.entries.map((e) => e.address)), ...CHAIN_NAMES.flatMap((c) => KNOWN_TOKENS[c].map((t) => t.address))];
    for (const address of [...victims, ...rescuers, ...protocol]) for (const chain of CHAIN_NAMES) expect(THREAT_ADDRESSES.find(chain, address)).toBeUndefined();
    expect(THREAT_ADDRESSES.header.notes.join(' ')).toContain('Excluded from DeFiHackLabs: 2 address(es)');
  });

  it('reads the darklist: one entry per address, the category from its comments, invalid rows skipped', () => {
    const a = '0x08389B19ad52f0d983609ab785b3a43A0E90355F';
    const b = '0xb3764761e297d6f121e79c32a65829cd1ddb4d32';
    const c = '0x2da8703d18AFeD53B303119E4fF06CF035a9fadB';
    const { entries, skipped } = threatEntriesFromDarklist([
      { address: a, comment: 'Scam address for various fake twitter accounts and fake giveaways', date: '2018-05-01' },
      { address: `${b} `, comment: 'MultiSigExploit-Hacker_main', date: '7/20/17' },
      { address: c, comment: 'Fake Tron airdrop site asking for private keys', date: '2018-03-12' },
      { address: c.toLowerCase(), comment: 'Fake Icon airdrop site asking for private keys', date: '2018-03-10' },
      { address: c, comment: '', date: '2018-03-14' },
      { address: '0x1111', comment: 'Fake Dock crowdsale site', date: '2018-03-12' },
      { address: '0x4cdc1cba0aeb5539f2e0ba158281e67e0e54a9b1', comment: '', date: '' },
    ]);
    expect(skipped).toEqual(['0x1111']);
    // A counterfeit token is a scam; a fake token sale site is phishing.
    expect([darklistCategory('Fake BITCAR platform token'), darklistCategory('Fake copy of ROCK2 token'), darklistCategory('Fake Havven token sale site')]).toEqual(['scam', 'scam', 'phishing']);
    expect(entries.map(({ address, category, label }) => ({ address, category, label }))).toEqual([
      { address: a, category: 'scam', label: 'Scam address for various fake twitter accounts and fake giveaways (listed 2018-05-01)' },
      { address: '0xB3764761E297D6f121e79C32A65829Cd1dDb4D32', category: 'exploit', label: 'MultiSigExploit-Hacker_main (listed 2017-07-20)' },
      { address: c, category: 'phishing', label: 'Fake Tron airdrop site asking for private keys; Fake Icon airdrop site asking for private keys (listed 2018-03-10)' },
      { address: '0x4CDc1cba0aeb5539f2E0Ba158281E67e0e54A9b1', category: 'scam', label: 'Listed in the darklist without a comment' },
    ]);
  });
});

describe('SDN generator', () => {
  it('extracts EVM addresses of digital currency features with the primary name, merged per address', () => {
    expect(evmAddressesFromSdnAdvancedXml(XML)).toEqual({
      dateOfIssue: '2026-11-20',
      entries: [
        { address: LAZARUS[0], label: 'LAZARUS GROUP', currencies: ['ETH', 'USDT'] },
        { address: LAZARUS[1], label: 'EXAMPLE TRADING & CO', currencies: ['ETH'] },
      ].sort((a, b) => a.address!.toLowerCase().localeCompare(b.address!.toLowerCase())),
    });
  });

  it('reads the real file: an excerpt of sdn_advanced.xml agrees with the shipped dataset, whole or in chunks', () => {
    const excerpt = readFileSync(path.join(__dirname, 'fixtures/sdn-advanced-excerpt.xml'), 'utf8');
    const whole = evmAddressesFromSdnAdvancedXml(excerpt);
    expect(whole.dateOfIssue).toBe('2025-11-19');
    const names = ['Lazarus Group', 'GARANTEX EUROPE OU', 'Gaza Now'];
    expect(whole.entries).toEqual(SDN_ADDRESSES.entries.filter((e) => names.includes(e.label)).map(({ address, label, currencies }) => ({ address, label, currencies })));
    expect(new Set(whole.entries.map((e) => e.label))).toEqual(new Set(names));
    // Chunk boundaries fall inside elements, a party and the date of issue included.
    const reader = new SdnAdvancedXmlReader();
    for (let at = 0; at < excerpt.length; at += 997) reader.push(excerpt.slice(at, at + 997));
    expect(reader.finish()).toEqual(whole);
  });

  it('writes a complete, loadable dataset file from the command line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sdn-'));
    try {
      writeFileSync(path.join(dir, 'sdn_advanced.xml'), XML);
      const script = path.join(__dirname, '../src/build-sdn-dataset.ts');
      const out = path.join(dir, 'sdn.json');
      const args = ['--conditions=@paysight/source', '--import', 'tsx', script, path.join(dir, 'sdn_advanced.xml'), out, '--obtained-from', 'a test'];
      const printed = execFileSync(process.execPath, args, { encoding: 'utf8' });
      const sha256 = createHash('sha256').update(XML).digest('hex');
      expect(printed).toContain(`2 addresses written to ${out} (snapshot 2026-11-20, sha256 ${sha256})`);
      const dataset = new AddressDataset(JSON.parse(readFileSync(out, 'utf8')));
      expect(dataset.header).toMatchObject({ id: 'ofac-sdn-evm-addresses', complete: true, snapshotDate: '2026-11-20' });
      expect(dataset.header.notes).toContain(`File used: SHA-256 ${sha256}, obtained from a test.`);
      expect(dataset.find('ethereum', LAZARUS[1]!)?.label).toBe('EXAMPLE TRADING & CO');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
