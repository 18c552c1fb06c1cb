import type { StreamCommand } from './commands';

/**
 * Preconditions on a member's `user-{id}` stream, decided on the account slice's one fold of it
 * and handed to the bus by the composition root. Each is appended beside a write and checked at
 * the append: a ban or a deletion appended in between refuses the write instead of landing after it.
 */
export interface MemberGuards {
  /** The member may write: not banned, not leaving; a `removal` of their own writing may leave. */
  mayWrite(userId: string, options: { removal: boolean }): StreamCommand;
  /** Someone else acts on the member (`member`) or publishes their writing (`author`). */
  present(userId: string, as: 'author' | 'member'): StreamCommand;
}
