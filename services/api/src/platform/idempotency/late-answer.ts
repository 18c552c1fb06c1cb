import type { Request, Response } from 'express';
import type { HttpError } from '../errors';
import { contextOf, requestContextOf } from '../request-context';

/**
 * How a write sent with an Idempotency-Key is answered when its read models lag behind the
 * append: the client hears "saved" at once, the write keeps waiting a while longer, and the
 * answer it then builds is kept for the key's retries, which would otherwise learn only "saved".
 */
export interface LateAnswer {
  /** How much longer the write may wait for its read models once it has answered "saved". */
  readonly waitMs: number;
  /** Answers the lagging error now; the handler's own answer, if it comes, is kept for retries. */
  saved(error: HttpError): void;
  /** The longer wait ran out too: retries answer the "saved" error from now on. */
  gaveUp(): void;
}

const LATE_ANSWER = Symbol('lateAnswer');

export function setLateAnswer(res: Response, late: LateAnswer): void {
  contextOf(res)[LATE_ANSWER] = late;
}

/** The request's late answer, when it carries an Idempotency-Key. */
export function lateAnswerOf(req: Request): LateAnswer | undefined {
  return requestContextOf(req)[LATE_ANSWER] as LateAnswer | undefined;
}
