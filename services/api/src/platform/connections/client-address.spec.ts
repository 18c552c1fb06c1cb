import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-address';

describe('clientKeyOf', () => {
  it('when the address is IPv4 it is its own client', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('203.0.113.8')).not.toBe(clientKeyOf('203.0.113.7'));
  });

  it('when IPv6 addresses share their first 64 bits they are one client, however written', () => {
    const key = clientKeyOf('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientKeyOf('2001:db8:1:2:aaaa::')).toBe(key);
    expect(clientKeyOf('2001:db8:1:2::1%eth0')).toBe(key);
  });

  it('when IPv6 addresses differ within their first 64 bits they are different clients', () => {
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(clientKeyOf('2001:db8:1:2::1'));
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('when an IPv4 peer shows as an IPv4-mapped IPv6 address it is the IPv4 client', () => {
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('when the address is unknown every such peer is one client', () => {
    expect(clientKeyOf(undefined)).toBe('unknown');
    expect(clientKeyOf('')).toBe('unknown');
  });
});
