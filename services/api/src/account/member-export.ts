import type { CurrentUser } from '@whosright/contracts/account/dto';
import type { RecordedEvent } from '@whosright/eventstore/port';

/** What the log holds about one member, as `GET /api/users/me/export` answers it. */
export interface MemberExport {
  exportedAt: string;
  account: CurrentUser;
  stories: ExportedStory[];
  comments: ExportedComment[];
  votes: { storyId: string; vote: string; at: string }[];
  commentVotes: {
    commentId: string;
    storyId: string;
    vote: string;
    at: string;
    withdrawnAt?: string;
  }[];
  reactions: { storyId: string; reaction: string; at: string; removedAt?: string }[];
  sessions: { startedAt: string; endedAt?: string; endReason?: string; method: string }[];
  events: { position: string; stream: string; type: string; at: string; data: unknown }[];
}

interface ExportedStory {
  id: string;
  content: string;
  category: string;
  submittedAt: string;
  status: string;
  deletedAt?: string;
}

interface ExportedComment {
  id: string;
  storyId: string;
  content: string;
  postedAt: string;
  deletedAt?: string;
}

/** Never exported, wherever they appear: password and token hashes, session ids. */
const SECRETS = new Set(['passwordHash', 'resetTokenHash', 'tokenHash', 'sessionId']);

type Data = Record<string, unknown>;

const isData = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (data: Data, key: string): string => {
  const value = data[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/**
 * Who moderated or removed a member's writing is named by role, never as a person: the admin's id
 * is the admin's data, not the member's. A member who did it themself is named as themself.
 */
export const ADMIN_ROLE = 'an admin';
const ACTING_ADMIN: Readonly<Record<string, string>> = {
  StoryModerated: 'moderatorId',
  StoryDeleted: 'deletedBy',
  CommentDeleted: 'deletedBy',
  CommentKept: 'keptBy',
};

/**
 * The event's data without secrets, nor the text of another member's story a comment quotes,
 * nor the id of the admin who acted on the member's writing.
 */
function exportedData(type: string, data: unknown, memberId: string): unknown {
  if (!isData(data)) return data;
  const kept = Object.fromEntries(Object.entries(data).filter(([key]) => !SECRETS.has(key)));
  if (type === 'CommentPosted' && isData(kept.story)) {
    const { content: _quoted, ...story } = kept.story;
    kept.story = story;
  }
  const actingAdmin = ACTING_ADMIN[type];
  if (actingAdmin && typeof kept[actingAdmin] === 'string' && kept[actingAdmin] !== memberId)
    kept[actingAdmin] = ADMIN_ROLE;
  return kept;
}

/** A session's stream names its id, a secret: the export names the stream without it. */
const exportedStream = (stream: string) => (stream.startsWith('session-') ? 'session' : stream);

/**
 * Builds the export from the member's events (`member-events.ts`), in log order, and the account
 * as the users read model shows it now. Pure: the sections are folds of the events.
 */
export function buildMemberExport(
  account: CurrentUser,
  events: Iterable<RecordedEvent>,
  exportedAt: Date,
): MemberExport {
  const stories = new Map<string, ExportedStory>();
  const comments = new Map<string, ExportedComment>();
  const sessions = new Map<string, MemberExport['sessions'][number]>();
  const reactions: MemberExport['reactions'] = [];
  const out: MemberExport = {
    exportedAt: exportedAt.toISOString(),
    account,
    stories: [],
    comments: [],
    votes: [],
    commentVotes: [],
    reactions,
    sessions: [],
    events: [],
  };
  for (const event of events) {
    const at = event.metadata.recordedAt;
    out.events.push({
      position: event.position.toString(),
      stream: exportedStream(event.stream),
      type: event.type,
      at,
      data: exportedData(event.type, event.data, account.id),
    });
    const data = isData(event.data) ? event.data : {};
    switch (event.type) {
      case 'StorySubmitted':
        stories.set(str(data, 'storyId'), {
          id: str(data, 'storyId'),
          content: str(data, 'content'),
          category: str(data, 'category'),
          submittedAt: at,
          status: 'pending',
        });
        break;
      case 'StoryModerated': {
        const story = stories.get(str(data, 'storyId'));
        if (story) story.status = str(data, 'to');
        break;
      }
      case 'StoryDeleted': {
        const story = stories.get(str(data, 'storyId'));
        if (story) Object.assign(story, { status: 'deleted', deletedAt: at });
        break;
      }
      case 'CommentPosted':
        comments.set(str(data, 'commentId'), {
          id: str(data, 'commentId'),
          storyId: str(data, 'storyId'),
          content: str(data, 'content'),
          postedAt: at,
        });
        break;
      case 'CommentDeleted': {
        const comment = comments.get(str(data, 'commentId'));
        if (comment) comment.deletedAt = at;
        break;
      }
      case 'StoryVoteCast':
        out.votes.push({ storyId: str(data, 'storyId'), vote: str(data, 'vote'), at });
        break;
      case 'CommentVoteCast':
        out.commentVotes.push({
          commentId: str(data, 'commentId'),
          storyId: str(data, 'storyId'),
          vote: str(data, 'vote'),
          at,
        });
        break;
      case 'CommentVoteWithdrawn': {
        const cast = out.commentVotes.findLast(
          (v) => v.commentId === str(data, 'commentId') && v.withdrawnAt === undefined,
        );
        if (cast) cast.withdrawnAt = at;
        break;
      }
      case 'StoryReactionAdded':
        reactions.push({ storyId: str(data, 'storyId'), reaction: str(data, 'reaction'), at });
        break;
      case 'StoryReactionRemoved': {
        const added = reactions.findLast(
          (r) =>
            r.storyId === str(data, 'storyId') &&
            r.reaction === str(data, 'reaction') &&
            r.removedAt === undefined,
        );
        if (added) added.removedAt = at;
        break;
      }
      case 'SessionStarted':
        sessions.set(event.stream, { startedAt: at, method: str(data, 'method') });
        break;
      case 'SessionEnded': {
        const session = sessions.get(event.stream);
        if (session) Object.assign(session, { endedAt: at, endReason: str(data, 'reason') });
        break;
      }
      default:
        break;
    }
  }
  out.stories = [...stories.values()];
  out.comments = [...comments.values()];
  out.sessions = [...sessions.values()];
  return out;
}
