import type { CommentDoc, HeldCommentDoc } from '@whosright/projections/comments/docs';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { CommentAuthor } from '@whosright/contracts/comment/dto';
import type { VoteChoice } from '@whosright/contracts/story/events';

/**
 * The authors of a page, by id. Admins see e-mails and full names; everyone else only the last
 * name's initial (all a display name of username, first name and last initial needs), never an
 * address.
 */
export function toAuthors(
  users: readonly UserDoc[],
  forAdmin: boolean,
): Map<string, CommentAuthor> {
  return new Map(
    users.map((u) => [
      u._id,
      {
        id: u._id,
        username: u.username,
        firstName: u.firstName,
        lastName: forAdmin ? u.lastName : initialOf(u.lastName),
        profileImageUrl: u.profileImageUrl,
        ...(forAdmin ? { email: u.email } : {}),
      },
    ]),
  );
}

/**
 * The sides to show, by author: only of authors who still have an account and have not turned
 * it off (a deleted member's vote stays in the story's tally, but no longer beside a name).
 */
export function shownSides(
  users: readonly UserDoc[],
  sides: ReadonlyMap<string, VoteChoice>,
): Map<string, VoteChoice> {
  return new Map(
    users.flatMap((u) => {
      const side = u.hidesSideOnComments === true ? undefined : sides.get(u._id);
      return side ? [[u._id, side] as const] : [];
    }),
  );
}

/** The first letter (a whole code point) of a name, upper-cased; null for none. */
function initialOf(name: string | null): string | null {
  const [first] = name?.trim() ?? '';
  return first ? first.toUpperCase() : null;
}

export const isHeld = (doc: CommentDoc | HeldCommentDoc): doc is HeldCommentDoc => 'heldAt' in doc;

export function unknownAuthor(id: string): CommentAuthor {
  return { id, username: null, firstName: null, lastName: null, profileImageUrl: null };
}
