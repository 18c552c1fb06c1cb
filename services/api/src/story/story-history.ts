import { displayNameOf } from '@whosright/contracts/account/display-name';
import type { StoryHistory, StoryHistoryStep } from '@whosright/contracts/moderation/dto';
import { givenReason } from '@whosright/contracts/moderation/reason';
import type { StoryEvent } from '@whosright/contracts/story/events';
import type { ForgettingLog, RecordedEvent } from '@whosright/eventstore/port';
import type { StoryQueries } from '@whosright/projections/stories/queries';
import type { UserQueries } from '@whosright/projections/users/queries';
import { NotFoundError } from '#api/platform/errors';

export interface StoryHistoryDeps {
  /** Admins see the history: deleted members' text is forgotten there as everywhere. */
  log: ForgettingLog;
  stories: StoryQueries;
  users: UserQueries;
}

/** A story stream's event, discriminated on `type`. */
type StoryRecord = StoryEvent extends infer E
  ? E extends StoryEvent
    ? RecordedEvent<E['type'], E['data']>
    : never
  : never;

/**
 * A story's life for the admin's side sheet, read from its own stream (the log is the history):
 * submitted, every status change and a deletion, with who, why and when; tallies from the read
 * model while the story exists.
 */
export async function storyHistory(deps: StoryHistoryDeps, storyId: string): Promise<StoryHistory> {
  const events: StoryRecord[] = [];
  for await (const event of deps.log.readStream(`story-${storyId}`))
    events.push(event as StoryRecord);
  const submitted = events.find((e) => e.type === 'StorySubmitted');
  if (submitted?.type !== 'StorySubmitted') throw new NotFoundError('Story not found');

  const people = new Set<string>([submitted.data.authorId]);
  for (const e of events) {
    if (e.type === 'StoryModerated') people.add(e.data.moderatorId);
    if (e.type === 'StoryDeleted') people.add(e.data.deletedBy);
  }
  const users = new Map((await deps.users.byIds([...people])).map((u) => [u._id, u]));
  const person = (id: string) => ({ id, displayName: displayNameOf(users.get(id)) });

  const steps: StoryHistoryStep[] = events.flatMap((e): StoryHistoryStep[] => {
    const at = e.metadata.recordedAt;
    switch (e.type) {
      case 'StorySubmitted':
        return [{ type: 'submitted', at, by: person(e.data.authorId) }];
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
  });

  const last = steps[steps.length - 1];
  const status: StoryHistory['story']['status'] =
    last?.type === 'deleted' ? 'deleted' : last?.type === 'status' ? last.to : 'pending';
  const card = status === 'deleted' ? undefined : await deps.stories.byId(storyId);
  return {
    story: {
      id: storyId,
      category: submitted.data.category,
      content: submitted.data.content,
      status,
    },
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
