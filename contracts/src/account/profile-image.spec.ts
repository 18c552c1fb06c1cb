import { describe, expect, it } from 'vitest';
import { isRefusedProfileImageHost } from './profile-image';

const SITE = 'https://whosright.example';

describe('isRefusedProfileImageHost', () => {
  it.each([
    ['the site itself', 'https://whosright.example/api/logout'],
    [
      'the site on another port, in capitals, with a trailing dot',
      'https://WhosRight.Example.:8443/a.png',
    ],
    ['localhost', 'https://localhost/a.png'],
    ['a name under localhost', 'https://admin.localhost/a.png'],
    ['127/8', 'https://127.3.2.1/a.png'],
    ['127.0.0.1 written as one number', 'https://2130706433/a.png'],
    ['127.0.0.1 in hex and short form', 'https://0x7f.1/a.png'],
    ['10/8', 'https://10.0.0.8/a.png'],
    ['the bottom of 172.16/12', 'https://172.16.0.1/a.png'],
    ['the top of 172.16/12', 'https://172.31.255.254/a.png'],
    ['192.168/16', 'https://192.168.1.1/router.png'],
    ['link-local 169.254/16 (cloud metadata)', 'https://169.254.169.254/latest'],
    ['0.0.0.0', 'https://0.0.0.0/a.png'],
    ['IPv6 loopback', 'https://[::1]/a.png'],
    ['the unspecified IPv6 address', 'https://[::]/a.png'],
    ['IPv6 unique local fc00::/7', 'https://[fd12:3456::1]/a.png'],
    ['IPv6 link-local fe80::/10', 'https://[fe80::abcd]/a.png'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/a.png'],
    ['IPv4-mapped private', 'https://[::ffff:192.168.0.1]/a.png'],
  ])('when the host is %s it is refused', (_case, url) => {
    expect(isRefusedProfileImageHost(url, SITE)).toBe(true);
  });

  it.each([
    ['a public host', 'https://images.example.com/pia.png'],
    ['a public IPv4 address', 'https://93.184.216.34/a.png'],
    ['an address next to 172.16/12', 'https://172.32.0.1/a.png'],
    ['a public IPv6 address', 'https://[2001:db8::1]/a.png'],
    ['IPv4-mapped public', 'https://[::ffff:8.8.8.8]/a.png'],
    ['a subdomain of the site', 'https://cdn.whosright.example/a.png'],
    ['a name that only starts like localhost', 'https://localhost.example.com/a.png'],
  ])('when the host is %s it is allowed', (_case, url) => {
    expect(isRefusedProfileImageHost(url, SITE)).toBe(false);
  });
});
