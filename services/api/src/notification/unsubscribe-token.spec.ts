import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { UNSUBSCRIBE_TTL_SECONDS, UnsubscribeTokens } from './unsubscribe-token';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-signing';
const member = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const tokens = new UnsubscribeTokens(SECRET);
const issued = new Date('2026-11-01T07:00:00.000Z');
const later = (seconds: number) => new Date(issued.getTime() + seconds * 1000);

describe('unsubscribe tokens', () => {
  it('name the member they were made for until they expire 60 days later', async () => {
    const token = await tokens.sign(member, issued);
    expect(await tokens.verify(token, later(UNSUBSCRIBE_TTL_SECONDS - 1))).toBe(member);
    expect(await tokens.verify(token, later(UNSUBSCRIBE_TTL_SECONDS + 1))).toBeNull();
    expect(UNSUBSCRIBE_TTL_SECONDS).toBe(60 * 24 * 60 * 60);
  });

  it('refuse a token tampered with, signed with another key, or not a token', async () => {
    const token = await tokens.sign(member, issued);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ pur: 'digest-unsubscribe', sub: 'user_01JBBBBBBBBBBBBBBBBBBBBBBB' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`, issued)).toBeNull();
    const foreign = await new UnsubscribeTokens('another-secret-long-enough-for-hs256').sign(
      member,
      issued,
    );
    expect(await tokens.verify(foreign, issued)).toBeNull();
    expect(await tokens.verify('not.a.token', issued)).toBeNull();
    expect(await tokens.verify('', issued)).toBeNull();
  });

  it('refuse a token of the same key made for another purpose or naming no member', async () => {
    const key = new TextEncoder().encode(SECRET);
    const sign = (claims: Record<string, string>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key);
    expect(await tokens.verify(await sign({ uid: member }))).toBeNull();
    expect(
      await tokens.verify(await sign({ pur: 'digest-unsubscribe', sub: 'nobody' })),
    ).toBeNull();
    expect(await tokens.verify(await sign({ pur: 'digest-unsubscribe', sub: member }))).toBe(
      member,
    );
  });
});
