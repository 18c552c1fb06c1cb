import type { ReadModels } from '../store/port';
import { DAYS, INSIGHTS, LEADS, type DayDoc, type Lead, type LeadDoc } from './docs';

/** Every read the API makes of the insights read model. */
export class InsightsQueries {
  private readonly days;
  private readonly leads;

  constructor(models: ReadModels) {
    this.days = models.collection<DayDoc>(INSIGHTS, DAYS);
    this.leads = models.collection<LeadDoc>(INSIGHTS, LEADS);
  }

  /** The days from `first` to `last` (`YYYY-MM-DD`, both included) that saw anything, oldest first. */
  async daysBetween(first: string, last: string): Promise<DayDoc[]> {
    const page = await this.days.find(
      { _id: { $gte: first, $lte: last } },
      { sort: [['_id', 1]], limit: 400 },
    );
    return page.items;
  }

  /** How many approved stories each lead has: one indexed count per lead. */
  async leadCounts(): Promise<Record<Exclude<Lead, 'off'>, number>> {
    const [he, she, tied, none] = await Promise.all(
      (['he', 'she', 'tied', 'none'] as const).map((lead) => this.leads.count({ lead })),
    );
    return { he: he!, she: she!, tied: tied!, none: none! };
  }
}
