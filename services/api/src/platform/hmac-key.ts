import { webcrypto } from 'node:crypto';

/** The HS256 key of `secret`, imported once: jose would import raw key bytes on every call. */
export function hmacKey(secret: string): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}
