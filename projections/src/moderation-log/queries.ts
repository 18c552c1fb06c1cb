import type { ModerationLogEntry, ModerationLogQuery } from '@whosright/contracts/moderation/dto';
import type { Filter, Page, ReadModels } from '../store/port';
import { describeEntries } from './describe';
import { ENTRIES, MODERATION_LOG, TARGETS, type ModerationEntryDoc, type TargetDoc } from './docs';

/** How many of a member's stories and comments `aboutMember` looks at decisions on. */
const WRITINGS_LIMIT = 500;

/** Every read the API makes of the moderation log: one filtered, sorted find and one lookup. */
export class ModerationLogQueries {
  private readonly entries;
  private readonly targets;

  constructor(models: ReadModels) {
    this.entries = models.collection<ModerationEntryDoc>(MODERATION_LOG, ENTRIES);
    this.targets = models.collection<TargetDoc>(MODERATION_LOG, TARGETS);
  }

  /** The latest decisions on one story, comment or account, newest first. */
  async onTarget(targetId: string, limit: number): Promise<ModerationEntryDoc[]> {
    return (await this.entries.find({ targetId }, { sort: [['at', -1]], limit })).items;
  }

  /**
   * The latest decisions about one member, newest first: on their account and on what they wrote
   * (the entries naming them, and those on the stories and comments they wrote, found by author).
   */
  async aboutMember(memberId: string, limit: number): Promise<ModerationLogEntry[]> {
    const written = await this.targets.find({ authorId: memberId }, { limit: WRITINGS_LIMIT });
    const writingIds = written.items.map((doc) => doc._id.slice(doc._id.indexOf(':') + 1));
    const newest = { sort: [['at', -1]] as const, limit };
    const [named, onWritings] = await Promise.all([
      this.entries.find({ memberId }, newest),
      writingIds.length
        ? this.entries.find({ targetId: { $in: writingIds } }, newest)
        : { items: [] },
    ]);
    const byId = new Map([...named.items, ...onWritings.items].map((doc) => [doc._id, doc]));
    const entries = [...byId.values()]
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b._id.localeCompare(a._id)))
      .slice(0, limit);
    return describeEntries(entries, this.targets);
  }

  /** Newest first, filtered by actor, action, target and time (`before` excluded). */
  async page(query: ModerationLogQuery): Promise<Page<ModerationLogEntry>> {
    const filter: Record<string, Filter[string]> = {};
    if (query.actor) filter.actorId = query.actor;
    if (query.action) filter.action = query.action;
    if (query.targetType) filter.targetType = query.targetType;
    if (query.targetId) filter.targetId = query.targetId;
    if (query.before) filter.at = { $lt: new Date(query.before).toISOString() };
    const page = await this.entries.find(filter, {
      sort: [['at', -1]],
      limit: query.limit,
      ...(query.cursor ? { after: query.cursor } : {}),
    });
    const items = await describeEntries(page.items, this.targets);
    return page.next ? { items, next: page.next } : { items };
  }
}
