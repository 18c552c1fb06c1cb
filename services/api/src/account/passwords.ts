import argon2 from 'argon2';

/** OWASP's argon2id minimum (m=19 MiB, t=2, p=1). Hashes made with other settings are upgraded at sign-in. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(
  hash: string,
  password: string,
): Promise<{ ok: boolean; needsRehash: boolean }> {
  const ok = await argon2.verify(hash, password).catch(() => false);
  return { ok, needsRehash: ok && argon2.needsRehash(hash, ARGON2_OPTIONS) };
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the e-mail is unknown, so response time does not
 * tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password that matches no account');
  await argon2.verify(await dummyHash, password).catch(() => false);
}
