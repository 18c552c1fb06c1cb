import type { Actor } from '#api/platform/actor';
import { NotFoundError, ValidationError } from '#api/platform/errors';
import type { UnsubscribeTokens } from './unsubscribe-token';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid or has expired. Turn the digest off in your profile instead.';

export interface UnsubscribeDeps {
  tokens: Pick<UnsubscribeTokens, 'verify'>;
  /** The account slice's settings change; a repeat appends nothing. */
  turnDigestOff: (userId: string, actor: Actor) => Promise<void>;
}

/**
 * The digest's one-click unsubscribe, without sign-in: the token is the proof. A token that does
 * not verify, or names an account that is gone, is one 400 with one message.
 */
export async function unsubscribe(deps: UnsubscribeDeps, token: string, actor: Actor) {
  const userId = await deps.tokens.verify(token);
  if (userId === null) throw new ValidationError(INVALID_UNSUBSCRIBE_LINK);
  try {
    await deps.turnDigestOff(userId, actor);
  } catch (error) {
    if (error instanceof NotFoundError) throw new ValidationError(INVALID_UNSUBSCRIBE_LINK);
    throw error;
  }
}
