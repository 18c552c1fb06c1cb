import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from './loopback';

describe('isLoopbackUrl', () => {
  it('when the host is this machine it is loopback', () => {
    for (const url of [
      'http://127.0.0.1:9000',
      'http://127.1.2.3',
      'http://localhost:3000',
      'http://[::1]:8080',
      'http://id.localhost',
    ]) {
      expect(isLoopbackUrl(new URL(url))).toBe(true);
    }
  });

  it('when the host is elsewhere or only looks local it is not loopback', () => {
    for (const url of [
      'http://id.example.com',
      'http://10.0.0.1',
      'http://localhost.evil.com',
      'http://127.0.0.1.nip.io',
      'http://keycloak:8080',
    ]) {
      expect(isLoopbackUrl(new URL(url))).toBe(false);
    }
  });
});
