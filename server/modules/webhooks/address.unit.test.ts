import { describe, expect, it } from 'vitest';
import { checkLiteralHost, findNonPublicAddress, isPublicAddress } from './address';

// Where webhooks may go (decisions 027 and 036): public unicast addresses only, IPv6 forms that
// stand for an IPv4 address judged by that address, everything in the special-purpose registries
// and outside IPv6's global unicast block refused.

const REFUSED = {
  'IPv4 special-purpose registry': [
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.9',
    '192.0.2.1',
    '192.31.196.1',
    '192.52.193.1',
    '192.88.99.1',
    '192.168.1.1',
    '192.175.48.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
  ],
  'IPv6 special-purpose registry': [
    '::',
    '::1',
    '100::1',
    '2001::1',
    '2001:2::1',
    '2001:db8::1',
    '2001:10::1',
    '2001:20::1',
    '3fff::1',
    '5f00::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
  ],
  'IPv6 forms of a private IPv4 address': [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:0:7f00:1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::a00:1',
  ],
  'IPv6 forms refused whole': [
    '::7f00:1',
    '::127.0.0.1',
    '::808:808',
    '64:ff9b:1::808:808',
    '2002:7f00:1::1',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '4000::1',
  ],
  'not an address': ['', 'localhost', '999.1.1.1', '1.2.3'],
};

const ALLOWED = [
  '8.8.8.8',
  '1.1.1.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
];

describe('isPublicAddress', () => {
  for (const [kind, addresses] of Object.entries(REFUSED))
    it(`refuses the ${kind}`, () => {
      expect(addresses.filter((a) => isPublicAddress(a))).toEqual([]);
    });

  it('allows public unicast addresses, and IPv6 forms of a public IPv4 address', () => {
    expect(ALLOWED.filter((a) => !isPublicAddress(a))).toEqual([]);
  });
});

describe('checkLiteralHost', () => {
  it('refuses bracketed IPv6 literals, localhost names and private IPv4, unless private is allowed', () => {
    for (const host of [
      '[::7f00:1]',
      '[::ffff:7f00:1]',
      '[64:ff9b::a9fe:a9fe]',
      '127.0.0.1',
      'localhost',
      'a.localhost',
    ])
      expect(() => checkLiteralHost(host, false), host).toThrow(/refused: .*WEBHOOKS_ALLOW_PRIVATE=true/);
    for (const host of ['[::7f00:1]', 'localhost', '10.0.0.1', '[2606:4700:4700::1111]', 'hooks.example.com'])
      expect(() => checkLiteralHost(host, true), host).not.toThrow();
    expect(() => checkLiteralHost('[2606:4700:4700::1111]', false)).not.toThrow();
  });
});

describe('findNonPublicAddress', () => {
  it('names the address a URL leads to, resolving names, in the forms the URL parser writes', async () => {
    expect(await findNonPublicAddress('http://[::ffff:127.0.0.1]:8080/x')).toBe('::ffff:7f00:1');
    expect(await findNonPublicAddress('http://2130706433/')).toBe('127.0.0.1');
    expect(await findNonPublicAddress('http://0x7f.1/')).toBe('127.0.0.1');
    expect(await findNonPublicAddress('https://LOCALHOST./hooks')).toBe('localhost.');
    expect(await findNonPublicAddress('http://localhost:3000/')).toBe('localhost');
    expect(await findNonPublicAddress('https://[2606:4700:4700::1111]/hooks')).toBeNull();
    expect(await findNonPublicAddress('https://8.8.8.8/hooks')).toBeNull();
  });
});
