import type { ModerationLogEntry, ModerationLogQuery } from '@whosright/contracts/moderation/dto';
import type { Filter, Page, ReadModels } from '../store/port';
import { describeEntries } from './describe';
import { ENTRIES, MODERATION_LOG, TARGETS, type ModerationEntryDoc, type TargetDoc } from './docs';

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
