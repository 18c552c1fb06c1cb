import type { CurrentUser } from '@whosright/contracts/account/dto';
import {
  DEFAULT_KEPT_SETTINGS,
  keptNotificationSettingsSchema,
  toNotificationSettings,
  type NotificationSettings,
} from '@whosright/contracts/notification/settings';
import type { RecordedEvent } from '@whosright/eventstore/port';

/** What the log holds about one member, as `GET /api/users/me/export` answers it. */
export interface MemberExport {
  exportedAt: string;
  account: CurrentUser;
  /** What the member chose to hear of their notifications, as the log has it now. */
  notificationSettings: NotificationSettings;
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
  reactions: {
    storyId: string;
    reaction: string;
    at: string;
    removedAt?: string;
  }[];
  /** The stories she saved to read again, and when she took one off her list. */
  saved: { storyId: string; at: string; unsavedAt?: string }[];
  /**
   * The stories she followed with the toggle and when she unfollowed one; an unfollow with no
   * follow before it is of a story of hers, which she followed from its approval on.
   */
  following: { storyId: string; followedAt?: string; unfollowedAt?: string }[];
  /** The reports she filed, each as she last filed it. */
  reports: {
    targetType: string;
    targetId: string;
    storyId: string;
    reason: string;
    note?: string;
    at: string;
  }[];
  sessions: {
    startedAt: string;
    endedAt?: string;
    endReason?: string;
    method: string;
  }[];
  events: {
    position: string;
    stream: string;
    type: string;
    at: string;
    data: unknown;
  }[];
}

interface ExportedStory {
  id: string;
  content: string;
  category: string;
  submittedAt: string;
  status: string;
  /** Once the member resubmitted it: when they last did, and the texts it had before. */
  resubmittedAt?: string;
  earlierVersions?: { content: string; category: string; at: string }[];
  deletedAt?: string;
}

interface ExportedComment {
  id: string;
  storyId: string;
  content: string;
  postedAt: string;
  /** Held for review by an automod rule: shown to nobody else until approved. */
  awaitingReview?: true;
  /** Once the member edited it: when they last did, and the texts it had before. */
  editedAt?: string;
  earlierVersions?: { content: string; until: string }[];
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

/** The named fields of the data, each as a string (`str`). */
function strings<K extends string>(data: Data, ...keys: K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, str(data, key)])) as Record<K, string>;
}

/**
 * Who moderated or removed a member's writing is named by role, never as a person: the admin's id
 * is the admin's data, not the member's. A member who did it themself is named as themself.
 */
export const ADMIN_ROLE = 'an admin';
const ACTING_ADMIN: Readonly<Record<string, string>> = {
  StoryModerated: 'moderatorId',
  StoryDeleted: 'deletedBy',
  CommentPosted: 'approvedBy',
  CommentEdited: 'approvedBy',
  CommentDeleted: 'deletedBy',
  HeldCommentDeleted: 'deletedBy',
  CommentKept: 'keptBy',
};

/**
 * A report names two members: its reporter's export leaves out whom they reported, and the
 * reported author's leaves out who reported them and their note (reporters stay unknown to
 * the people they report).
 */
function reportSeenBy(kept: Data, memberId: string): Data {
  if (kept.reporterId === memberId) {
    const { authorId: _reported, ...own } = kept;
    return own;
  }
  const { reporterId: _reporter, note: _note, ...aboutThem } = kept;
  return aboutThem;
}

/**
 * The event's data without secrets, nor the text of another member's story a comment quotes,
 * nor the id of the admin who acted on the member's writing, nor the other side of a report.
 */
function exportedData(type: string, data: unknown, memberId: string): unknown {
  if (!isData(data)) return data;
  let kept = Object.fromEntries(Object.entries(data).filter(([key]) => !SECRETS.has(key)));
  if ((type === 'CommentPosted' || type === 'CommentHeld') && isData(kept.story)) {
    const { content: _quoted, ...story } = kept.story;
    kept.story = story;
  }
  if (type === 'ReportFiled') kept = reportSeenBy(kept, memberId);
  const actingAdmin = ACTING_ADMIN[type];
  if (actingAdmin && typeof kept[actingAdmin] === 'string' && kept[actingAdmin] !== memberId)
    kept[actingAdmin] = ADMIN_ROLE;
  return kept;
}

/**
 * Never exported: admins' private notes on a member are not the member's data, and the admin who
 * wrote one (its actor) must not carry another member's notes away in their own export.
 */
const NOT_EXPORTED = new Set(['MemberNoteAdded']);

/** A session's stream names its id, a secret: the export names the stream without it. */
const exportedStream = (stream: string) => (stream.startsWith('session-') ? 'session' : stream);

/** The sections being folded, keyed by the writing or session each entry describes. */
interface Sections {
  out: MemberExport;
  memberId: string;
  /** By target and round: filing again replaces the open report. */
  reports: Map<string, MemberExport['reports'][number]>;
  stories: Map<string, ExportedStory>;
  comments: Map<string, ExportedComment>;
  sessions: Map<string, MemberExport['sessions'][number]>;
}

type SectionFold = (sections: Sections, data: Data, at: string, stream: string) => void;

/**
 * A withdrawal or a removal ends the latest entry it names that is still open: its `end` field
 * (when it was withdrawn, removed) is set to `at`.
 */
function closeLastOpen<T extends object, K extends keyof T>(
  entries: T[],
  end: K,
  at: T[K],
  names: (entry: T) => boolean,
): void {
  const open = entries.findLast((entry) => entry[end] === undefined && names(entry));
  if (open) open[end] = at;
}

/** A comment as written (an approval writes it again, and it waits no more). */
const commentWritten =
  (mark: Pick<ExportedComment, 'awaitingReview'>): SectionFold =>
  ({ comments }, data, at) => {
    comments.set(str(data, 'commentId'), {
      id: str(data, 'commentId'),
      ...strings(data, 'storyId', 'content'),
      postedAt: at,
      ...mark,
    });
  };

const commentDeleted: SectionFold = ({ comments }, data, at) => {
  const comment = comments.get(str(data, 'commentId'));
  if (comment) comment.deletedAt = at;
};

/** What each event adds to the export's sections; every event is listed in `events` too. */
const SECTION_FOLDS: ReadonlyMap<string, SectionFold> = new Map(
  Object.entries({
    StorySubmitted: ({ stories }, data, at) => {
      stories.set(str(data, 'storyId'), {
        id: str(data, 'storyId'),
        content: str(data, 'content'),
        category: str(data, 'category'),
        submittedAt: at,
        status: 'pending',
      });
    },
    StoryResubmitted: ({ stories }, data, at) => {
      const story = stories.get(str(data, 'storyId'));
      if (!story) return;
      const earlier = {
        content: story.content,
        category: story.category,
        at: story.resubmittedAt ?? story.submittedAt,
      };
      Object.assign(story, {
        ...strings(data, 'content', 'category'),
        status: 'pending',
        resubmittedAt: at,
        earlierVersions: [...(story.earlierVersions ?? []), earlier],
      });
    },
    StoryModerated: ({ stories }, data) => {
      const story = stories.get(str(data, 'storyId'));
      if (story) story.status = str(data, 'to');
    },
    StoryDeleted: ({ stories }, data, at) => {
      const story = stories.get(str(data, 'storyId'));
      if (story) Object.assign(story, { status: 'deleted', deletedAt: at });
    },
    CommentPosted: commentWritten({}),
    CommentHeld: commentWritten({ awaitingReview: true }),
    CommentEdited: ({ comments }, data, at) => {
      const comment = comments.get(str(data, 'commentId'));
      if (!comment) return;
      // An admin approving an edit a rule held shows the text already listed.
      if (data.approvedBy !== undefined) return void delete comment.awaitingReview;
      Object.assign(comment, {
        content: str(data, 'content'),
        editedAt: at,
        earlierVersions: [
          ...(comment.earlierVersions ?? []),
          { content: str(data, 'previous'), until: at },
        ],
        ...(data.heldBy === undefined ? {} : { awaitingReview: true }),
      });
    },
    CommentDeleted: commentDeleted,
    HeldCommentDeleted: commentDeleted,
    StoryVoteCast: ({ out }, data, at) => {
      out.votes.push({ ...strings(data, 'storyId', 'vote'), at });
    },
    CommentVoteCast: ({ out }, data, at) => {
      out.commentVotes.push({ ...strings(data, 'commentId', 'storyId', 'vote'), at });
    },
    CommentVoteWithdrawn: ({ out }, data, at) => {
      closeLastOpen(
        out.commentVotes,
        'withdrawnAt',
        at,
        (v) => v.commentId === str(data, 'commentId'),
      );
    },
    StoryReactionAdded: ({ out }, data, at) => {
      out.reactions.push({ ...strings(data, 'storyId', 'reaction'), at });
    },
    StoryReactionRemoved: ({ out }, data, at) => {
      closeLastOpen(
        out.reactions,
        'removedAt',
        at,
        (r) => r.storyId === str(data, 'storyId') && r.reaction === str(data, 'reaction'),
      );
    },
    StorySaved: ({ out }, data, at) => {
      out.saved.push({ storyId: str(data, 'storyId'), at });
    },
    StoryUnsaved: ({ out }, data, at) => {
      closeLastOpen(out.saved, 'unsavedAt', at, (s) => s.storyId === str(data, 'storyId'));
    },
    StoryFollowed: ({ out }, data, at) => {
      out.following.push({ storyId: str(data, 'storyId'), followedAt: at });
    },
    StoryUnfollowed: ({ out }, data, at) => {
      const storyId = str(data, 'storyId');
      const open = out.following.findLast(
        (f) => f.storyId === storyId && f.unfollowedAt === undefined,
      );
      if (open) open.unfollowedAt = at;
      else out.following.push({ storyId, unfollowedAt: at });
    },
    ReportFiled: ({ memberId, reports }, data, at) => {
      if (str(data, 'reporterId') !== memberId) return;
      const note = data.note;
      reports.set(`${str(data, 'targetType')}:${str(data, 'targetId')}:${str(data, 'round')}`, {
        ...strings(data, 'targetType', 'targetId', 'storyId', 'reason'),
        ...(typeof note === 'string' ? { note } : {}),
        at,
      });
    },
    NotificationSettingsSet: ({ out }, data) => {
      const kept = keptNotificationSettingsSchema.safeParse(data);
      if (kept.success) out.notificationSettings = toNotificationSettings(kept.data);
    },
    SessionStarted: ({ sessions }, data, at, stream) => {
      sessions.set(stream, { startedAt: at, method: str(data, 'method') });
    },
    SessionEnded: ({ sessions }, data, at, stream) => {
      const session = sessions.get(stream);
      if (session) Object.assign(session, { endedAt: at, endReason: str(data, 'reason') });
    },
  } satisfies Record<string, SectionFold>),
);

/**
 * Builds the export from the member's events (`member-events.ts`), in log order, and the account
 * as the users read model shows it now. Pure: the sections are folds of the events.
 */
export function buildMemberExport(
  account: CurrentUser,
  events: Iterable<RecordedEvent>,
  exportedAt: Date,
): MemberExport {
  const sections: Sections = {
    out: {
      exportedAt: exportedAt.toISOString(),
      account,
      notificationSettings: toNotificationSettings(DEFAULT_KEPT_SETTINGS),
      stories: [],
      comments: [],
      votes: [],
      commentVotes: [],
      reactions: [],
      saved: [],
      following: [],
      reports: [],
      sessions: [],
      events: [],
    },
    memberId: account.id,
    reports: new Map(),
    stories: new Map(),
    comments: new Map(),
    sessions: new Map(),
  };
  const { out } = sections;
  for (const event of events) {
    if (NOT_EXPORTED.has(event.type)) continue;
    const at = event.metadata.recordedAt;
    out.events.push({
      position: event.position.toString(),
      stream: exportedStream(event.stream),
      type: event.type,
      at,
      data: exportedData(event.type, event.data, account.id),
    });
    SECTION_FOLDS.get(event.type)?.(
      sections,
      isData(event.data) ? event.data : {},
      at,
      event.stream,
    );
  }
  out.stories = [...sections.stories.values()];
  out.comments = [...sections.comments.values()];
  out.sessions = [...sections.sessions.values()];
  out.reports = [...sections.reports.values()];
  return out;
}
