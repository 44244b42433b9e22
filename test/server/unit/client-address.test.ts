import { describe, expect, it } from 'vitest';
import { clientKeyOf, UNREADABLE_CLIENT } from '../../../server/common/http/client-address.js';

describe('the key per-client rate limits count a caller under', () => {
  it('is one key for every spelling of one IPv4 address', () => {
    const spellings = [
      '192.0.2.1',
      ' 192.0.2.1 ',
      '192.000.002.001',
      '192.0.2.1:51234',
      '::ffff:192.0.2.1',
      '::FFFF:192.0.2.1',
      '::ffff:c000:201',
      '0:0:0:0:0:ffff:c000:0201',
      '[::ffff:192.0.2.1]',
      '[::ffff:192.0.2.1]:443',
    ];
    for (const spelling of spellings) expect(clientKeyOf(spelling), spelling).toBe('192.0.2.1');
    expect(clientKeyOf('192.0.2.2')).toBe('192.0.2.2');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const spellings = [
      '2001:db8:1:2::1',
      '2001:DB8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '[2001:db8:1:2::1]',
      '[2001:db8:1:2::1]:443',
      '2001:db8:1:2::1%eth0',
      '[2001:db8:1:2::1%25eth0]',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
    ];
    for (const spelling of spellings) expect(clientKeyOf(spelling), spelling).toBe('2001:db8:1:2::/64');
    // the next /64 is another client
    expect(clientKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKeyOf('::1')).toBe('::/64');
    expect(clientKeyOf('fe80::1%lo0')).toBe('fe80::/64');
  });

  it('puts every unreadable address into one shared key', () => {
    for (const garbage of [
      undefined,
      '',
      'unknown',
      '300.1.1.1',
      '1.2.3',
      '2001:db8::1::2',
      'example.com',
      '0x7f.0.0.1',
    ]) {
      expect(clientKeyOf(garbage), String(garbage)).toBe(UNREADABLE_CLIENT);
    }
  });

  it('answers the same again for addresses it remembers, after forgetting them, and for long texts', () => {
    const addresses = Array.from({ length: 2500 }, (_, index) => `10.${index >> 8}.${index & 0xff}.7`);
    for (let round = 0; round < 2; round++) {
      for (const address of addresses) expect(clientKeyOf(address)).toBe(address);
    }
    const long = `${'0'.repeat(100)}192.0.2.1`;
    expect(clientKeyOf(long)).toBe(UNREADABLE_CLIENT);
    expect(clientKeyOf(long)).toBe(UNREADABLE_CLIENT);
    expect(clientKeyOf('[2001:DB8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('[2001:DB8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
  });
});
