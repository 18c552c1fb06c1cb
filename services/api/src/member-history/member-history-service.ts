import { DELETED_MEMBER, displayNameOf } from '@whosright/contracts/account/display-name';
import { memberNotesStream } from '@whosright/contracts/member-history/events';
import type {
  MemberHistory,
  MemberHistoryCounts,
  MemberHistoryEntry,
  MemberNote,
  MemberNotesPage,
} from '@whosright/contracts/member-history/dto';
import { PAGE_SIZE } from '@whosright/contracts/shared/constants';
import { MEMBER_NOTES } from '@whosright/projections/member-notes/docs';
import type {
  MemberNote as MemberNoteDoc,
  MemberNoteQueries,
} from '@whosright/projections/member-notes/queries';
import type { ModerationLogQueries } from '@whosright/projections/moderation-log/queries';
import type { ReportCaseDoc } from '@whosright/projections/reports/docs';
import type { ReportQueries } from '@whosright/projections/reports/queries';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import { newUlidFor, type Actor } from '#api/platform/actor';
import { NotFoundError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn } from '#api/write/commands';
import { memberNotes } from './decider';

/** How many decisions and report cases the sheet shows (and counts), each. */
export const HISTORY_LIMIT = 200;

export interface MemberHistoryDeps {
  bus: CommandBus;
  users: Pick<UserQueries, 'byId' | 'byIds'>;
  log: Pick<ModerationLogQueries, 'aboutMember'>;
  reports: Pick<ReportQueries, 'againstAuthor'>;
  notes: Pick<MemberNoteQueries, 'page' | 'count' | 'byId'>;
}

type People = ReadonlyMap<string, UserDoc>;

const personIn = (people: People, id: string | undefined) => {
  const user = id === undefined ? undefined : people.get(id);
  return user ? { id: user._id, displayName: displayNameOf(user) } : null;
};

const deletedMember = (id: string): MemberHistory['user'] => ({
  id,
  displayName: DELETED_MEMBER,
  email: null,
  role: 'user',
  status: 'deleted',
  createdAt: null,
  ban: null,
});

const newestFirst = (a: { at: string }, b: { at: string }) =>
  a.at < b.at ? 1 : a.at > b.at ? -1 : 0;

/**
 * A member's whole record for admins: the decisions about their account and writing (the
 * moderation log), the reports against their writing and what came of them (the reports read
 * model), and admins' private notes on them, which are added here through the bus.
 */
export class MemberHistoryService {
  constructor(private readonly deps: MemberHistoryDeps) {}

  async history(memberId: string): Promise<MemberHistory> {
    const member = await this.deps.users.byId(memberId);
    const [decisions, cases, notes, noteCount] = await Promise.all([
      this.deps.log.aboutMember(memberId, HISTORY_LIMIT),
      this.deps.reports.againstAuthor(memberId, HISTORY_LIMIT),
      this.notes(memberId, { limit: PAGE_SIZE.default }),
      this.deps.notes.count(memberId),
    ]);
    // A deleted member's record is what remains of it; an id nothing is about is nobody's.
    if (!member && !decisions.length && !cases.length) throw new NotFoundError('Member not found');
    // A member deleting their own story is in the log, but it is not a decision about them; their
    // edits are listed (a moderator reads what a comment said before), counted nowhere.
    const moderated = decisions.filter(
      (entry) => entry.source !== 'author' || entry.action === 'comment.edit',
    );
    const moderatorIds = cases.flatMap((doc) => (doc.moderatorId ? [doc.moderatorId] : []));
    const people = await this.peopleOf(moderatorIds);
    const entries: MemberHistoryEntry[] = [
      ...moderated.map((entry): MemberHistoryEntry => ({
        kind: 'decision',
        id: entry.id,
        at: entry.at,
        action: entry.action,
        source: entry.source,
        by: entry.actor,
        reason: entry.reason,
        target: entry.target,
      })),
      ...cases.map((doc) => toReportsEntry(doc, people)),
    ].sort(newestFirst);
    const count = (action: string) => moderated.filter((e) => e.action === action).length;
    const counts: MemberHistoryCounts = {
      storiesRejected: count('story.reject'),
      storiesHidden: count('story.hide'),
      storiesDeleted: count('story.delete'),
      commentsDeleted: count('comment.delete'),
      reports: cases.reduce((sum, doc) => sum + Object.keys(doc.reports).length, 0),
      bans: count('user.ban'),
      notes: noteCount,
    };
    return {
      user: member
        ? {
            id: member._id,
            displayName: displayNameOf(member),
            email: member.email,
            role: member.role,
            status: member.status,
            createdAt: member.createdAt,
            ban: member.status === 'banned' ? (member.ban ?? null) : null,
          }
        : deletedMember(memberId),
      counts,
      entries,
      notes,
    };
  }

  /** A page of the notes on a member who is there, newest first, with their authors. */
  async notesPage(
    memberId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<MemberNotesPage> {
    if (!(await this.deps.users.byId(memberId))) throw new NotFoundError('Member not found');
    return this.notes(memberId, request);
  }

  /** Adds an admin's note on a member who is there; answers the new note's id. */
  async addNote(memberId: string, admin: Pick<UserDoc, '_id'>, text: string, actor: Actor) {
    const noteId = newUlidFor(actor);
    await this.deps.bus.runAll(
      [
        this.deps.bus.memberPresent(memberId, 'member'),
        commandOn(memberNotesStream(memberId), memberNotes, {
          type: 'AddMemberNote',
          noteId,
          memberId,
          adminId: admin._id,
          text,
        }),
      ],
      actor,
      [MEMBER_NOTES],
    );
    return noteId;
  }

  /** One note as the sheet shows it, read back after it was added. */
  async note(memberId: string, noteId: string): Promise<MemberNote> {
    const found = await this.deps.notes.byId(memberId, noteId);
    if (!found) throw new NotFoundError('Note not found');
    return toNote(found, await this.peopleOf([found.adminId]));
  }

  private async notes(
    memberId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<MemberNotesPage> {
    const page = await this.deps.notes.page(memberId, request);
    const people = await this.peopleOf(page.items.map((note) => note.adminId));
    return {
      items: page.items.map((note) => toNote(note, people)),
      nextCursor: page.next ?? null,
    };
  }

  private async peopleOf(ids: readonly string[]): Promise<People> {
    const users = ids.length > 0 ? await this.deps.users.byIds([...new Set(ids)]) : [];
    return new Map(users.map((user) => [user._id, user]));
  }
}

function toNote(note: MemberNoteDoc, people: People): MemberNote {
  return { id: note.id, text: note.text, author: personIn(people, note.adminId), at: note.at };
}

/** A report case against the member's writing, with what the admin did about it. */
function toReportsEntry(doc: ReportCaseDoc, people: People): MemberHistoryEntry {
  const filed = Object.values(doc.reports);
  return {
    kind: 'reports',
    id: doc._id,
    at: doc.closedAt ?? doc.lastReportedAt ?? filed[0]?.at ?? '',
    target: { type: doc.targetType, id: doc.targetId, storyId: doc.storyId },
    count: filed.length,
    reasons: [...new Set(filed.map((report) => report.reason))],
    outcome:
      doc.status === 'closed' && doc.action
        ? {
            action: doc.action,
            reason: doc.closeReason ?? null,
            by: personIn(people, doc.moderatorId),
          }
        : null,
  };
}
