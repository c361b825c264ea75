import { describe, expect, it } from 'vitest';
import { parseCidr, parseCidrList } from '../../../../core/hub/cidr.ts';
import { classifyAddress, isAddressAllowed } from '../../../../core/hub/classify-address.ts';
import { parseIpLiteral } from '../../../../core/hub/ip-literal.ts';

const cls = (text: string) => classifyAddress(parseIpLiteral(text)!);

describe('classifyAddress: the SSRF table', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:c0a8:0101::1', 'private'], // 6to4 of 192.168.1.1
    ['::ffff:0:7f00:1', 'loopback'], // SIIT translated
    ['64:ff9b:1::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['169.254.169.254', 'metadata'],
    ['169.254.43518', 'metadata'],
    ['0xa9fea9fe', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['2001::1', 'reserved'], // Teredo
    ['100::1', 'reserved'],
    ['::1.2.3.4', 'reserved'], // deprecated IPv4-compatible form
    ['4000::1', 'reserved'], // outside global unicast 2000::/3
  ])('%s is %s', (text, expected) => expect(cls(text)).toBe(expected));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2a00:1450::1',
  ])('%s is public', (text) => expect(cls(text)).toBe('public'));
});

describe('isAddressAllowed', () => {
  const allow = parseCidrList('127.0.0.0/8, ::1/128').cidrs;
  it('lets allowlisted private blocks through, and only those', () => {
    expect(isAddressAllowed(parseIpLiteral('127.0.0.1')!, allow)).toBe(true);
    expect(isAddressAllowed(parseIpLiteral('::ffff:127.0.0.1')!, allow)).toBe(true);
    expect(isAddressAllowed(parseIpLiteral('::1')!, allow)).toBe(true);
    expect(isAddressAllowed(parseIpLiteral('10.0.0.1')!, allow)).toBe(false);
    expect(isAddressAllowed(parseIpLiteral('169.254.169.254')!, allow)).toBe(false);
    expect(isAddressAllowed(parseIpLiteral('127.0.0.1')!, [])).toBe(false);
    expect(isAddressAllowed(parseIpLiteral('8.8.8.8')!, [])).toBe(true);
  });
  it('parses CIDR lists strictly', () => {
    expect(parseCidrList('10.0.0.0/8 fd00::/8').cidrs).toHaveLength(2);
    expect(parseCidrList('10.0.0.0/33,0x7f.1/8,abc').invalid).toEqual(['10.0.0.0/33', '0x7f.1/8', 'abc']);
    expect(parseCidr('192.168.1.7')?.prefix).toBe(32);
  });
});
