import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { authOf } from './auth';

export const VISITOR_COOKIE = 'wr_visitor';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Anonymous visitors. The visitor id is random, HttpOnly, one year, no personal data, and signed,
 * so a client cannot pick ids; it is made on first use, so a visitor who only reads never gets one.
 * The address key lets an anonymous view or skip count once per story per client address: a hash of
 * the address under a secret salt that changes every day, never the address.
 */
export class Visitors {
  constructor(
    private readonly secret: string,
    private readonly secureCookies: boolean,
  ) {}

  /** The signed visitor id of the request, if it has one (never makes one). */
  existingIdOf(req: Request): string | undefined {
    return this.verified(authOf(req).cookies[VISITOR_COOKIE]);
  }

  /** The signed visitor id of the request, made and set as a cookie when missing or forged. */
  idOf(req: Request, res: Response): string {
    const existing = this.existingIdOf(req);
    if (existing) return existing;
    const id = randomBytes(16).toString('base64url');
    res.cookie(VISITOR_COOKIE, `${id}.${this.sign(id)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies,
      path: '/',
      maxAge: ONE_YEAR_MS,
    });
    return id;
  }

  /** Today's key of the client's address (as Express sees it, see TRUST_PROXY). */
  addressKeyOf(req: Request, now = Date.now()): string {
    const day = Math.floor(now / DAY_MS);
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    return createHmac('sha256', this.secret)
      .update(`address|${day}|${address}`)
      .digest('base64url')
      .slice(0, 22);
  }

  private sign(id: string): string {
    return createHmac('sha256', this.secret)
      .update(`visitor|${id}`)
      .digest('base64url')
      .slice(0, 22);
  }

  private verified(cookie: string | undefined): string | undefined {
    const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{22})$/.exec(cookie ?? '');
    if (!match) return undefined;
    const [, id, signature] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }
}
