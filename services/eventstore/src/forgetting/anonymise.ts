import { DELETED_TEXT, forgottenEmail } from '@whosright/contracts/account/events';
import type { Forgotten, RecordedEvent } from '../port';

/** What a forgotten secret (a hash) reads as: never a valid one. */
const FORGOTTEN_SECRET = 'forgotten';

type Data = Record<string, unknown>;

const isData = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (data: Data, key: string): string | undefined =>
  typeof data[key] === 'string' ? data[key] : undefined;

/** The personal fields of an event on a forgotten member's `user-{id}` stream. */
function forgetUserEvent(type: string, userId: string, data: Data): Data {
  switch (type) {
    case 'UserRegistered':
      return {
        ...data,
        email: forgottenEmail(userId),
        firstName: null,
        lastName: null,
        passwordHash: null,
        profileImageUrl: null,
      };
    case 'ProfileUpdated':
      return { ...data, username: null, profileImageUrl: null };
    case 'ExternalIdentityLinked':
      return { ...data, subject: FORGOTTEN_SECRET };
    case 'PasswordChanged':
      return { ...data, passwordHash: FORGOTTEN_SECRET, resetTokenHash: null };
    case 'PasswordResetRequested':
    case 'EmailVerificationRequested':
    case 'AccountDeletionRequested':
      return { ...data, tokenHash: FORGOTTEN_SECRET };
    default:
      return data;
  }
}

/** The events that carry a story's text: its submission and each resubmission. */
const STORY_TEXTS = new Set(['StorySubmitted', 'StoryResubmitted']);

/** The events that carry a comment's text: posting it, and holding it for review. */
const COMMENT_TEXTS = new Set(['CommentPosted', 'CommentHeld']);

/** A story's text (each revision) or a comment's, and the story excerpt a comment quotes. */
function forgetWriting(type: string, data: Data, forgotten: Forgotten): Data {
  const author = text(data, 'authorId');
  const byForgotten = author !== undefined && forgotten.users.has(author);
  if (STORY_TEXTS.has(type)) {
    const storyId = text(data, 'storyId');
    const gone = byForgotten || (storyId !== undefined && forgotten.stories.has(storyId));
    return gone ? { ...data, content: DELETED_TEXT } : data;
  }
  if (COMMENT_TEXTS.has(type)) {
    const commentId = text(data, 'commentId');
    const storyId = text(data, 'storyId');
    const gone = byForgotten || (commentId !== undefined && forgotten.comments.has(commentId));
    const quotesForgotten = storyId !== undefined && forgotten.stories.has(storyId);
    if (!gone && !quotesForgotten) return data;
    const story = data.story;
    return {
      ...data,
      ...(gone ? { content: DELETED_TEXT } : {}),
      ...(quotesForgotten && isData(story) ? { story: { ...story, content: DELETED_TEXT } } : {}),
    };
  }
  return data;
}

/** A report's note is its reporter's writing. */
function forgetReport(data: Data, forgotten: Forgotten): Data {
  const reporter = text(data, 'reporterId');
  const gone = reporter !== undefined && forgotten.users.has(reporter);
  return gone && 'note' in data ? { ...data, note: DELETED_TEXT } : data;
}

/** Admins' notes on a member who left: the text was about them. */
function forgetMemberNote(data: Data, forgotten: Forgotten): Data {
  const member = text(data, 'memberId');
  const gone = member !== undefined && forgotten.users.has(member);
  return gone ? { ...data, text: DELETED_TEXT } : data;
}

/**
 * The upcaster of forgotten members: the event as a read of the log shows it, with a
 * forgotten member's personal fields replaced. The stored event is never changed. Pure.
 */
export function forgetPersonalFields(event: RecordedEvent, forgotten: Forgotten): RecordedEvent {
  if (forgotten.users.size === 0 || !isData(event.data)) return event;
  let data: Data = event.data;
  if (event.stream.startsWith('user-')) {
    const userId = event.stream.slice('user-'.length);
    if (forgotten.users.has(userId)) data = forgetUserEvent(event.type, userId, data);
  } else {
    data =
      event.type === 'ReportFiled'
        ? forgetReport(data, forgotten)
        : event.type === 'MemberNoteAdded'
          ? forgetMemberNote(data, forgotten)
          : forgetWriting(event.type, data, forgotten);
  }
  return data === event.data ? event : { ...event, data };
}
