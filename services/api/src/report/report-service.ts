import type {
  CloseReportsRequest,
  FiledReport,
  FileReportRequest,
  ReportedTargetsPage,
} from '@whosright/contracts/report/dto';
import { isPublicStory } from '@whosright/contracts/story/rules';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import { REPORTS } from '@whosright/projections/reports/docs';
import type { ReportCaseDoc } from '@whosright/projections/reports/docs';
import type { ReportQueries } from '@whosright/projections/reports/queries';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import type { Actor } from '#api/platform/actor';
import { HttpError, NotFoundError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn, memberCommandOn, type StreamCommand } from '#api/write/commands';
import { reports, reportsStream, type ReportTarget } from './decider';
import { toReportedTarget } from './report-views';

type Admin = Pick<UserDoc, '_id'>;

/** How the moderation slices act, each appending the closing of the reports in the same step. */
export interface ReportActions {
  hideStory(
    storyId: string,
    admin: Admin,
    reason: string | null,
    actor: Actor,
    alongside: readonly StreamCommand[],
  ): Promise<void>;
  deleteComment(
    commentId: string,
    admin: Admin,
    reason: string | null,
    actor: Actor,
    alongside: readonly StreamCommand[],
  ): Promise<void>;
  banUser(
    userId: string,
    reason: string | null,
    actor: Actor,
    alongside: readonly StreamCommand[],
  ): Promise<void>;
}

export interface ReportServiceDeps {
  bus: CommandBus;
  stories: Pick<StoryQueries, 'byId' | 'byIds'>;
  comments: Pick<CommentQueries, 'byId' | 'byIds' | 'versionsOf'>;
  users: Pick<UserQueries, 'byIds'>;
  reports: Pick<ReportQueries, 'page'>;
  actions: ReportActions;
  /** "The story is approved" as a write's precondition: the story slice's guard. */
  approvedStory: (storyId: string) => StreamCommand;
}

/** Hiding is for stories and deleting for comments; dismissing and banning fit both. */
const ACTION_FITS: Partial<
  Record<CloseReportsRequest['action'], { targetType: string; otherwise: string }>
> = {
  hide: { targetType: 'story', otherwise: 'Only a story can be hidden; delete a comment' },
  delete: { targetType: 'comment', otherwise: 'Only a comment can be deleted; hide a story' },
};

const notFound = (target: ReportTarget) =>
  new NotFoundError(target.targetType === 'story' ? 'Story not found' : 'Comment not found');

/**
 * Members' reports of stories and comments, and the admin's answer to them: dismissing them, or
 * hiding the story, deleting the comment or banning its author, each closing every open report
 * on the target in the same append as the action.
 */
export class ReportService {
  constructor(private readonly deps: ReportServiceDeps) {}

  /** Files the member's report, or replaces their open one; true when it is a new report. */
  async file(
    request: FileReportRequest,
    reporter: Pick<UserDoc, '_id'>,
    actor: Actor,
  ): Promise<{ report: FiledReport; created: boolean }> {
    const { storyId, authorId } = await this.visibleTarget(request);
    const stream = reportsStream(request);
    // The bus caches the fold: the decision below reads this state again, caught up.
    const before = await this.deps.bus.state(stream, reports);
    const created = !before.open.has(reporter._id);
    // Joined to the append: a ban of the reporter, or a hide of the story, appended since the
    // reads above refuses the report.
    await this.deps.bus.asMember(reporter._id).runAll(
      [
        this.deps.approvedStory(storyId),
        memberCommandOn(stream, reports, {
          type: 'FileReport',
          targetType: request.targetType,
          targetId: request.targetId,
          storyId,
          authorId,
          reporterId: reporter._id,
          reason: request.reason,
          note: request.note,
        }),
      ],
      actor,
      [REPORTS],
    );
    const { targetType, targetId, reason, note } = request;
    return {
      report: { targetType, targetId, reason, note: note ?? null, status: 'open' },
      created,
    };
  }

  /** The member's open report on the target (to show it when they open Report again), if any. */
  async mine(target: ReportTarget, reporter: Pick<UserDoc, '_id'>): Promise<FiledReport | null> {
    const state = await this.deps.bus.state(reportsStream(target), reports);
    const open = state.open.get(reporter._id);
    if (!open) return null;
    const { targetType, targetId } = target;
    return { targetType, targetId, reason: open.reason, note: open.note ?? null, status: 'open' };
  }

  /** Closes every open report on the target with the admin's action. */
  async close(
    target: ReportTarget,
    admin: Admin,
    { action, reason }: CloseReportsRequest,
    actor: Actor,
  ): Promise<void> {
    const fits = ACTION_FITS[action];
    if (fits && fits.targetType !== target.targetType)
      throw new HttpError(400, 'validation_failed', fits.otherwise);
    const stream = reportsStream(target);
    const state = await this.deps.bus.state(stream, reports);
    if (state.authorId === null) throw new NotFoundError('Nobody has reported this');
    const close = [
      commandOn(stream, reports, {
        type: 'CloseReports',
        targetType: target.targetType,
        targetId: target.targetId,
        moderatorId: admin._id,
        action,
        reason,
      }),
    ];
    const { actions } = this.deps;
    switch (action) {
      case 'dismiss':
        await this.deps.bus.runAll(close, actor);
        break;
      case 'hide':
        await actions.hideStory(target.targetId, admin, reason, actor, close);
        break;
      case 'delete':
        await actions.deleteComment(target.targetId, admin, reason, actor, close);
        break;
      case 'ban':
        await actions.banUser(state.authorId, reason, actor, close);
        break;
    }
    await this.deps.bus.settleAll([REPORTS]);
  }

  /** Open cases (newest report first) or closed ones (last closed first), as the admin sees them. */
  async page(
    status: 'open' | 'closed',
    request: { cursor?: string | undefined; limit: number },
  ): Promise<ReportedTargetsPage> {
    const page = await this.deps.reports.page(status, request);
    const people = new Set<string>();
    for (const doc of page.items) {
      people.add(doc.authorId);
      for (const id of Object.keys(doc.reports)) people.add(id);
      if (doc.moderatorId) people.add(doc.moderatorId);
    }
    const idsOf = (type: ReportCaseDoc['targetType']) =>
      page.items.filter((doc) => doc.targetType === type).map((doc) => doc.targetId);
    const [users, stories, comments, versions] = await Promise.all([
      this.deps.users.byIds([...people]),
      this.deps.stories.byIds(idsOf('story')),
      this.deps.comments.byIds(idsOf('comment')),
      this.deps.comments.versionsOf(idsOf('comment')),
    ]);
    const byId = new Map(users.map((user) => [user._id, user]));
    const textOf = (doc: ReportCaseDoc) =>
      (doc.targetType === 'story' ? stories : comments).get(doc.targetId)?.content ?? null;
    // The text acted on is the comment's now; what its edits replaced is beside it.
    const items = page.items.map((doc) => {
      const earlier = doc.targetType === 'comment' ? versions.get(doc.targetId) : undefined;
      const item = toReportedTarget(doc, textOf(doc), byId);
      return earlier ? { ...item, earlierVersions: earlier } : item;
    });
    return { items, nextCursor: page.next ?? null };
  }

  /**
   * A story readers can see, or a comment that is still there on one, with its story and its
   * author: a comment on a story that is not public is as unseen as the story's comments are.
   */
  private async visibleTarget(
    target: ReportTarget,
  ): Promise<{ storyId: string; authorId: string }> {
    if (target.targetType === 'story') {
      const story = await this.deps.stories.byId(target.targetId);
      if (!isPublicStory(story)) throw notFound(target);
      return { storyId: story._id, authorId: story.authorId };
    }
    const comment = await this.deps.comments.byId(target.targetId);
    if (!comment || !isPublicStory(await this.deps.stories.byId(comment.storyId)))
      throw notFound(target);
    return { storyId: comment.storyId, authorId: comment.authorId };
  }
}
