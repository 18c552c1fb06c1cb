import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('when hashed it uses argon2id with at least the OWASP minimum', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toEqual({
      ok: true,
      needsRehash: false,
    });
    expect(await verifyPassword(hash, 'wrong')).toEqual({ ok: false, needsRehash: false });
  });

  it('when a long password differs only after byte 200 it does not verify (no truncation)', async () => {
    const base = 'a'.repeat(250);
    const hash = await hashPassword(`${base}X`);
    expect((await verifyPassword(hash, `${base}Y`)).ok).toBe(false);
  });

  it('when a hash has older, weaker parameters it verifies and asks to be upgraded', async () => {
    const weak = await argon2.hash('pw-123456', {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    expect(await verifyPassword(weak, 'pw-123456')).toEqual({ ok: true, needsRehash: true });
  });

  it('when the stored hash is garbage it answers no match instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toEqual({ ok: false, needsRehash: false });
  });
});
