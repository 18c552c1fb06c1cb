import { DELETED_TEXT } from '@whosright/contracts/account/events';
import {
  AUTOMOD_DRY_RUN_EXAMPLES,
  type AutomodDryRunExample,
  type AutomodDryRunResult,
  type AutomodRuleBody,
} from '@whosright/contracts/automod/dto';
import { compileRules, firstMatch } from '@whosright/contracts/automod/match';

/** What a dry run reads of the log: written texts, and what moderators did to them later. */
export const DRY_RUN_EVENT_TYPES = [
  'StorySubmitted',
  'StoryResubmitted',
  'StoryModerated',
  'StoryDeleted',
  'CommentPosted',
  'CommentHeld',
  'CommentDeleted',
  'HeldCommentDeleted',
] as const;

/** The part of a recorded event a dry run reads. */
export interface DryRunEvent {
  type: string;
  data: unknown;
  metadata: { recordedAt: string };
}

type Data = Record<string, unknown>;
const field = (data: Data, name: string): string | undefined => {
  const value = data[name];
  return typeof value === 'string' ? value : undefined;
};

/** The story or comment a moderator's decision removed, if the event is one. */
function removedBy(type: string, data: Data): string | undefined {
  switch (type) {
    case 'StoryModerated':
      return data.to === 'rejected' || data.to === 'hidden' ? field(data, 'storyId') : undefined;
    case 'StoryDeleted':
      return data.byAdmin === true ? field(data, 'storyId') : undefined;
    case 'CommentDeleted':
      return data.byAdmin === true && data.withStory !== true
        ? field(data, 'commentId')
        : undefined;
    case 'HeldCommentDeleted':
      return field(data, 'commentId');
    default:
      return undefined;
  }
}

/**
 * Counts, event by event, what `rule` would have matched of the stories or comments written since
 * `since`, and how many of those moderators removed anyway: a story rejected, hidden or deleted
 * by an admin, a comment deleted by an admin (not with its story) or a held one deleted. Text a
 * forgotten member wrote reads as deleted and matches nothing. Keeps the latest examples.
 */
export class DryRunCount {
  private readonly compiled;
  private readonly matched = new Map<string, AutomodDryRunExample>();
  private readonly removed = new Set<string>();

  constructor(
    private readonly rule: Pick<AutomodRuleBody, 'name' | 'phrases' | 'target'>,
    private readonly since: string,
  ) {
    this.compiled = compileRules([{ id: 'dry-run', name: rule.name, phrases: rule.phrases }]);
  }

  add(event: DryRunEvent): void {
    const data = (event.data ?? {}) as Data;
    const at = event.metadata.recordedAt;
    switch (event.type) {
      case 'StorySubmitted':
      case 'StoryResubmitted':
        if (this.rule.target === 'story') this.written('story', data, field(data, 'storyId'), at);
        return;
      case 'CommentPosted':
      case 'CommentHeld':
        if (this.rule.target === 'comment')
          this.written('comment', data, field(data, 'commentId'), at);
        return;
      default: {
        const id = removedBy(event.type, data);
        if (id && this.matched.has(id)) this.removed.add(id);
      }
    }
  }

  result(): AutomodDryRunResult {
    const all = [...this.matched.values()];
    const tally = (targetType: 'story' | 'comment') => {
      const of = all.filter((example) => example.targetType === targetType);
      return { matched: of.length, removed: of.filter((e) => this.removed.has(e.id)).length };
    };
    const examples = all
      .slice(-AUTOMOD_DRY_RUN_EXAMPLES)
      .reverse()
      .map((example) => ({ ...example, removed: this.removed.has(example.id) }));
    return { since: this.since, stories: tally('story'), comments: tally('comment'), examples };
  }

  /** A text written in the window; a story's last matching version is its example. */
  private written(
    targetType: 'story' | 'comment',
    data: Data,
    id: string | undefined,
    at: string,
  ): void {
    const text = field(data, 'content');
    const storyId = field(data, 'storyId');
    if (!id || !storyId || text === undefined || at < this.since || text === DELETED_TEXT) return;
    // An approved held comment is posted again: it is the same comment.
    if (targetType === 'comment' && this.matched.has(id)) return;
    const phrase = firstMatch(this.compiled, text)?.phrase;
    if (phrase === undefined) return;
    this.matched.delete(id);
    this.matched.set(id, { targetType, id, storyId, text, phrase, at, removed: false });
  }
}
