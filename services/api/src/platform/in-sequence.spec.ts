import type { Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { inSequence } from './in-sequence';

const req = {} as Request;
const res = {} as Response;

function outcome(handler: RequestHandler): Promise<unknown> {
  return new Promise((resolve) => handler(req, res, (error?: unknown) => resolve(error ?? 'next')));
}

describe('inSequence', () => {
  it('when every middleware calls next they run in order, then the router goes on', async () => {
    const seen: number[] = [];
    const mark =
      (n: number): RequestHandler =>
      (_req, _res, next) => {
        seen.push(n);
        next();
      };
    expect(await outcome(inSequence(mark(1), mark(2), mark(3)))).toBe('next');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('when a middleware fails, by next(error), a throw or a rejection, the rest is skipped and the error goes on', async () => {
    const boom = new Error('boom');
    let reached = false;
    const after: RequestHandler = (_req, _res, next) => {
      reached = true;
      next();
    };
    expect(await outcome(inSequence((_req, _res, next) => next(boom), after))).toBe(boom);
    expect(
      await outcome(
        inSequence(() => {
          throw boom;
        }, after),
      ),
    ).toBe(boom);
    expect(await outcome(inSequence(async () => Promise.reject(boom), after))).toBe(boom);
    expect(reached).toBe(false);
  });

  it('when a middleware answers without calling next nothing else runs', async () => {
    let calls = 0;
    const answered = inSequence(
      () => undefined,
      () => calls++,
    );
    answered(req, res, () => calls++);
    await new Promise((r) => setImmediate(r));
    expect(calls).toBe(0);
  });
});
