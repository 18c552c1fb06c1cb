/**
 * How an event that carries a member's data is read once they deleted their account: declared
 * with the event (`defineEvent(..., { forgetting })`), applied by the event store's forgetting
 * decorator to every read, which names no event type itself. The log is never rewritten.
 */

/** The members who deleted their accounts, and the stories and comments they wrote. */
export interface Forgotten {
  readonly users: ReadonlySet<string>;
  readonly stories: ReadonlySet<string>;
  readonly comments: ReadonlySet<string>;
}

/** Where the event was read from: the stream names the member on `user-{id}` streams. */
export interface ForgetContext {
  readonly stream: string;
}

/**
 * An event's forgetting: `forget` answers its data as people may see it (the same object when
 * nothing of it is forgotten), or `keeps` says why it holds nothing of a member's to forget.
 */
export type Forgetting<D> =
  { forget(data: D, forgotten: Forgotten, context: ForgetContext): D } | { keeps: string };

/** What a forgotten member's text, or a text about them, reads as. */
export const DELETED_TEXT = '[deleted]';

/** What a forgotten secret (a hash, a token, an external subject) reads as: never a valid one. */
export const FORGOTTEN_SECRET = 'forgotten';

/** The member a `user-{id}` stream belongs to. */
export const memberOfStream = (stream: string): string | undefined =>
  stream.startsWith('user-') ? stream.slice('user-'.length) : undefined;

/** An event of the member's own stream: `replace` runs once they are forgotten. */
export function ofForgottenMember<D>(replace: (data: D, userId: string) => D): Forgetting<D> {
  return {
    forget(data, forgotten, { stream }) {
      const userId = memberOfStream(stream);
      return userId !== undefined && forgotten.users.has(userId) ? replace(data, userId) : data;
    },
  };
}

/** An event whose `field` holds what `memberField`'s member wrote: deleted text once they left. */
export function writtenBy<D extends object>(
  memberField: keyof D & string,
  field: keyof D & string,
): Forgetting<D> {
  return {
    forget(data, forgotten) {
      const member = data[memberField];
      const gone = typeof member === 'string' && forgotten.users.has(member) && field in data;
      return gone ? { ...data, [field]: DELETED_TEXT } : data;
    },
  };
}

/** An admin's decision about a member or their writing: its reason or note is the admin's words. */
export const MODERATORS_WORDS = {
  keeps: "the reason is the moderator's own words about a decision, never the member's writing",
} as const;

/** An admin's automod rule: its name and phrases are the admins' words. */
export const ADMINS_RULE = {
  keeps: "an admin's rule: its name and phrases are the admins' words, no member's",
} as const;
