import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limits';

describe('addressKey', () => {
  it('keeps IPv4 addresses, and reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    expect(addressKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(key);
    expect(addressKey('2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:db8:85a3:8d3::1')).toBe(key);
    expect(addressKey('2001:db8:85a3:8d4::1')).not.toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what it cannot read as it is', () => {
    expect(addressKey('64:ff9b::203.0.113.7')).toBe('64:ff9b::203.0.113.7');
    expect(addressKey('not an address')).toBe('not an address');
  });
});
