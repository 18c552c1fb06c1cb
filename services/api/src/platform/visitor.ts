import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { authOf } from './auth';

export const VISITOR_COOKIE = 'wr_visitor';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The anonymous visitor id: random, HttpOnly, one year, no personal data. Made on first use, so a
 * visitor who only reads never gets one.
 */
export function visitorId(req: Request, res: Response, secure: boolean): string {
  const existing = authOf(req).cookies[VISITOR_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const id = randomBytes(16).toString('base64url');
  res.cookie(VISITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: ONE_YEAR_MS,
  });
  return id;
}
