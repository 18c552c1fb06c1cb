import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionTokens, newSessionId, sessionCookieName } from './session-tokens';

describe('session tokens', () => {
  const tokens = new SessionTokens('s'.repeat(48));
  afterEach(() => vi.useRealTimers());
  const session = {
    sessionId: newSessionId(),
    userId: 'user_01JAAAAAAAAAAAAAAAAAAAAAAA',
    issuedAt: new Date(),
    expiresAt: new Date(Date.now() + 60_000),
  };

  it('when signed and verified it returns the session it names', async () => {
    const token = await tokens.sign(session);
    expect(await tokens.verify(token)).toMatchObject({
      sessionId: session.sessionId,
      userId: session.userId,
    });
  });

  it('when tampered with, signed with another secret or expired it is rejected', async () => {
    const token = await tokens.sign(session);
    const [h, p, s] = token.split('.');
    expect(await tokens.verify(`${h}.${p}x.${s}`)).toBeNull();
    expect(await new SessionTokens('t'.repeat(48)).verify(token)).toBeNull();
    const expired = await tokens.sign({ ...session, expiresAt: new Date(Date.now() - 1000) });
    expect(await tokens.verify(expired)).toBeNull();
    expect(await tokens.verify('garbage')).toBeNull();
  });

  it('when a token verified before reaches its expiry it is rejected from then on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await tokens.sign({ ...session, expiresAt: new Date(Date.now() + 5_000) });
    expect(await tokens.verify(token)).toMatchObject({ sessionId: session.sessionId });
    vi.setSystemTime(Date.now() + 4_000);
    expect(await tokens.verify(token)).toMatchObject({ sessionId: session.sessionId });
    vi.setSystemTime(Date.now() + 1_000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('when the public URL is https the cookie takes the __Host- prefix', () => {
    expect(sessionCookieName('https://whosright.example')).toBe('__Host-wr_session');
    expect(sessionCookieName('http://localhost:3000')).toBe('wr_session');
  });
});
