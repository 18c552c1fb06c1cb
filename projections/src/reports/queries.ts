import type { Page, ReadModels } from '../store/port';
import { CASES, REPORTS, type ReportCaseDoc } from './docs';

/** Every read the API makes of the reports read model. */
export class ReportQueries {
  private readonly cases;

  constructor(models: ReadModels) {
    this.cases = models.collection<ReportCaseDoc>(REPORTS, CASES);
  }

  /** Open cases, the most recently reported first; closed ones, the last closed first. */
  page(
    status: 'open' | 'closed',
    request: { cursor?: string | undefined; limit: number },
  ): Promise<Page<ReportCaseDoc>> {
    const field = status === 'open' ? 'lastReportedAt' : 'closedAt';
    return this.cases.find(
      { status },
      {
        sort: [[field, -1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }

  /** The latest cases against one member's stories and comments, the last reported first. */
  async againstAuthor(authorId: string, limit: number): Promise<ReportCaseDoc[]> {
    return (await this.cases.find({ authorId }, { sort: [['lastReportedAt', -1]], limit })).items;
  }

  /** Reported targets waiting for an admin (the summary card). */
  openCount(): Promise<number> {
    return this.cases.count({ status: 'open' });
  }

  byId(id: string): Promise<ReportCaseDoc | undefined> {
    return this.cases.get(id);
  }
}
