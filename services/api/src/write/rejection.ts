import type { HttpError } from '#api/platform/errors';

/**
 * A decider's refusal, named in its domain's words (`already_voted`). The slice that owns the
 * decider says in its `rejections.ts` which HTTP error each reason becomes; the command bus
 * applies that map, so no service translates a refusal by hand.
 */
export class CommandRejected<TReason extends string = string> extends Error {
  constructor(
    readonly context: string,
    readonly reason: TReason,
  ) {
    super(`${context} command rejected: ${reason}`);
    this.name = 'CommandRejected';
  }
}

/** `instanceof` would type the reason `any`; this keeps it a string. */
export function isRejection(error: unknown): error is CommandRejected {
  return error instanceof CommandRejected;
}

/** Every reason of one context to the error the client sees. */
export type Rejections<TReason extends string> = Readonly<Record<TReason, () => HttpError>>;
