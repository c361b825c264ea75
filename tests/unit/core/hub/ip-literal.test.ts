import { describe, expect, it } from 'vitest';
import { formatIp, parseIpLiteral, parseIpv4, parseIpv6 } from '../../../../core/hub/ip-literal.ts';

const v4 = (text: string) => {
  const b = parseIpv4(text);
  return b ? Array.from(b).join('.') : null;
};
const v6 = (text: string) => {
  const b = parseIpv6(text);
  return b ? formatIp({ family: 6, bytes: b }) : null;
};

describe('parseIpv4: every spelling inet_aton and WHATWG accept', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0X7F000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['169.254.43518', '169.254.169.254'],
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254'],
    ['2852039166', '169.254.169.254'],
    ['10.0x10000', '10.1.0.0'],
    ['4294967295', '255.255.255.255'],
    ['00000000000000000127.0.0.1', '87.0.0.1'],
  ])('%s → %s', (text, expected) => expect(v4(text)).toBe(expected));

  it.each(['256.0.0.1', '1.2.3.4.5', '4294967296', '08.0.0.1', '0x1g', '1..2', '', '.', 'example.com', '1.2.3.256', '127.0.0.1..', '-1'])(
    'rejects %j',
    (text) => expect(v4(text)).toBeNull(),
  );
});

describe('parseIpv6', () => {
  it.each([
    ['::1', '0:0:0:0:0:0:0:1'],
    ['[::1]', '0:0:0:0:0:0:0:1'],
    ['::', '0:0:0:0:0:0:0:0'],
    ['::ffff:127.0.0.1', '0:0:0:0:0:ffff:7f00:1'],
    ['[::ffff:7f00:1]', '0:0:0:0:0:ffff:7f00:1'],
    ['0:0:0:0:0:ffff:127.0.0.1', '0:0:0:0:0:ffff:7f00:1'],
    ['64:ff9b::10.0.0.1', '64:ff9b:0:0:0:0:a00:1'],
    ['fe80::1%eth0', 'fe80:0:0:0:0:0:0:1'],
    ['2001:DB8::8:800:200C:417A', '2001:db8:0:0:8:800:200c:417a'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['1::', '1:0:0:0:0:0:0:0'],
  ])('%s → %s', (text, expected) => expect(v6(text)).toBe(expected));

  it.each(['1:2:3:4:5:6:7:8:9', ':::', '1::2::3', '12345::', '::ffff:127.0.0.256', '::ffff:0x7f.1', 'g::1', '127.0.0.1', '1:2:3:4:5:6:7'])(
    'rejects %j',
    (text) => expect(v6(text)).toBeNull(),
  );
});

describe('parseIpLiteral', () => {
  it('tells names from literals', () => {
    expect(parseIpLiteral('example.com')).toBeNull();
    expect(parseIpLiteral('localhost')).toBeNull();
    expect(parseIpLiteral('0x7f.1')?.family).toBe(4);
    expect(parseIpLiteral('[::1]')?.family).toBe(6);
  });
});
