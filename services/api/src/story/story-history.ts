import { displayNameOf } from '@whosright/contracts/account/display-name';
import type { StoryHistory, StoryHistoryStep } from '@whosright/contracts/moderation/dto';
import { givenReason } from '@whosright/contracts/moderation/reason';
import type { StoryEvent } from '@whosright/contracts/story/events';
import type { ForgettingLog, RecordedEvent } from '@whosright/eventstore/port';
import type { CommentDoc } from '@whosright/projections/comments/docs';
import type { CommentQueries } from '@whosright/projections/comments/queries';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { UserQueries } from '@whosright/projections/users/queries';
import { NotFoundError } from '#api/platform/errors';

export interface StoryHistoryDeps {
  /** Admins see the history: deleted members' text is forgotten there as everywhere. */
  log: ForgettingLog;
  stories: StoryQueries;
  users: UserQueries;
  /** The story's comments and the texts their edits replaced. */
  comments: Pick<CommentQueries, 'ofStory' | 'versionsOf'>;
}

/** Comments read per page for their edits. */
const COMMENTS_PAGE = 200;

interface Person {
  id: string;
  displayName: string;
}

/** A story stream's event, discriminated on `type`. */
type StoryRecord = StoryEvent extends infer E
  ? E extends StoryEvent
    ? RecordedEvent<E['type'], E['data']>
    : never
  : never;

/**
 * A story's life for the admin's side sheet, read from its own stream (the log is the history):
 * submitted, each resubmission with its text, every status change and a deletion, with who, why
 * and when; the story's last text; tallies from the read model while the story exists.
 */
export async function storyHistory(deps: StoryHistoryDeps, storyId: string): Promise<StoryHistory> {
  const events: StoryRecord[] = [];
  for await (const event of deps.log.readStream(`story-${storyId}`))
    events.push(event as StoryRecord);
  const submitted = events.find((e) => e.type === 'StorySubmitted');
  if (submitted?.type !== 'StorySubmitted') throw new NotFoundError('Story not found');

  const edited = await editedComments(deps.comments, storyId);
  const people = new Set<string>([submitted.data.authorId]);
  for (const e of events) {
    if (e.type === 'StoryModerated') people.add(e.data.moderatorId);
    if (e.type === 'StoryDeleted') people.add(e.data.deletedBy);
  }
  for (const { comment } of edited) people.add(comment.authorId);
  const users = new Map((await deps.users.byIds([...people])).map((u) => [u._id, u]));
  const person = (id: string) => ({ id, displayName: displayNameOf(users.get(id)) });

  const steps = [
    ...events.flatMap((e) => stepOf(e, person)),
    ...edited.flatMap((found) => editSteps(found, person)),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const story = { id: storyId, ...latestOf(steps, submitted.data) };
  const card = story.status === 'deleted' ? undefined : await deps.stories.byId(storyId);
  return {
    story,
    steps,
    tallies: card
      ? {
          heVotes: card.heVotes,
          sheVotes: card.sheVotes,
          commentCount: card.commentCount,
          viewCount: card.viewCount,
          skipCount: card.skipCount,
        }
      : null,
  };
}

interface EditedComment {
  comment: CommentDoc;
  /** The texts its edits replaced, oldest first. */
  versions: ReadonlyArray<{ content: string; until: string }>;
}

/** The story's comments that were edited, with the texts their edits replaced. */
async function editedComments(
  comments: StoryHistoryDeps['comments'],
  storyId: string,
): Promise<EditedComment[]> {
  const docs: CommentDoc[] = [];
  let cursor: string | undefined;
  do {
    const page = await comments.ofStory(storyId, { cursor, limit: COMMENTS_PAGE });
    docs.push(...page.items.filter((doc) => doc.editedAt !== undefined));
    cursor = page.next;
  } while (cursor);
  const versions = await comments.versionsOf(docs.map((doc) => doc._id));
  return docs.map((comment) => ({ comment, versions: versions.get(comment._id) ?? [] }));
}

/** One step per edit: the text it replaced, and the one it gave (the next, or the last). */
function editSteps({ comment, versions }: EditedComment, person: (id: string) => Person) {
  return versions.map((version, index): StoryHistoryStep => ({
    type: 'commentEdited',
    at: version.until,
    by: person(comment.authorId),
    commentId: comment._id,
    previous: version.content,
    content: versions[index + 1]?.content ?? comment.content,
  }));
}

/** The story's status and its last text (its latest revision), as its steps leave them. */
function latestOf(
  steps: StoryHistoryStep[],
  submitted: Pick<StoryHistory['story'], 'category' | 'content'>,
): Omit<StoryHistory['story'], 'id'> {
  const last = steps[steps.length - 1];
  const status: StoryHistory['story']['status'] =
    last?.type === 'deleted' ? 'deleted' : last?.type === 'status' ? last.to : 'pending';
  const text = steps.findLast((step) => step.type === 'submitted' || step.type === 'resubmitted');
  return {
    status,
    category: text?.category ?? submitted.category,
    content: text?.content ?? submitted.content,
  };
}

/** What one event of the story's stream adds to its history. */
function stepOf(e: StoryRecord, person: (id: string) => Person): StoryHistoryStep[] {
  const at = e.metadata.recordedAt;
  switch (e.type) {
    case 'StorySubmitted': {
      const { authorId, content, category } = e.data;
      return [{ type: 'submitted', at, by: person(authorId), content, category }];
    }
    case 'StoryResubmitted': {
      const { authorId, revision, content, category } = e.data;
      return [{ type: 'resubmitted', at, by: person(authorId), revision, content, category }];
    }
    case 'StoryModerated':
      return [
        {
          type: 'status',
          at,
          by: person(e.data.moderatorId),
          from: e.data.from,
          to: e.data.to,
          reason: givenReason(e.data.reason),
        },
      ];
    case 'StoryDeleted':
      return [
        {
          type: 'deleted',
          at,
          by: person(e.data.deletedBy),
          byAdmin: e.data.byAdmin,
          reason: givenReason(e.data.reason),
        },
      ];
    default:
      return [];
  }
}
