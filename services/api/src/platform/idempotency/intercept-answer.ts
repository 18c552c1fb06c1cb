import type { Response } from 'express';
import type { StoredAnswer } from './idempotency-records';

export interface AnswerInterceptor {
  /**
   * Sends `answer` once `before` settles, ahead of the handler: the handler's own answer, when
   * it comes, goes to `late` instead of the client.
   */
  answerEarly(answer: StoredAnswer, before: Promise<unknown>): void;
}

const NO_JSON = Symbol('noJson');

/**
 * Watches a response's answer: `first` sees it (its status and JSON body; undefined when it is
 * not JSON) before it goes out, and the response waits for it; after an early answer, the
 * handler's own is told to `late` and never sent. Only this response object is changed.
 */
export function interceptAnswer(
  res: Response,
  on: {
    first(answer: StoredAnswer | undefined): Promise<void>;
    late(answer: StoredAnswer): void;
  },
): AnswerInterceptor {
  const json = res.json.bind(res);
  const status = res.status.bind(res);
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let body: unknown = NO_JSON;
  let early = false;
  /** The first answer is on its way (it waits for `first`): a second one is dropped. */
  let ending = false;
  let lateStatus = 200;

  res.status = function (this: Response, code: number) {
    if (!early) return status(code);
    lateStatus = code;
    return this;
  };
  res.json = function (this: Response, value: unknown) {
    if (ending) return this;
    body = value;
    if (!early) return json(value);
    on.late({ status: lateStatus, body: value });
    return this;
  };
  res.end = function (this: Response, ...args: unknown[]) {
    if (early) {
      if (body === NO_JSON && !hasChunk(args)) on.late({ status: lateStatus });
      return this;
    }
    if (ending) return this;
    ending = true;
    const answer =
      body !== NO_JSON
        ? { status: this.statusCode, body }
        : hasChunk(args)
          ? undefined
          : { status: this.statusCode };
    void on.first(answer).finally(() => end(...args));
    return this;
  } as Response['end'];

  return {
    answerEarly(answer, before) {
      if (early || ending || res.headersSent) return;
      early = true;
      body = NO_JSON;
      void before.finally(() => {
        const text = JSON.stringify(answer.body);
        res.statusCode = answer.status;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Length', Buffer.byteLength(text));
        end(text);
      });
    },
  };
}

function hasChunk(args: unknown[]): boolean {
  const [chunk] = args;
  return chunk !== undefined && chunk !== null && typeof chunk !== 'function';
}
