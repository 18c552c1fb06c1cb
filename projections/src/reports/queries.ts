import type { Page, ReadModels } from '../store/port';
import { CASES, FILINGS, REPORTS, type FilingDoc, type ReportCaseDoc } from './docs';

/** Every read the API makes of the reports read model. */
export class ReportQueries {
  private readonly cases;
  private readonly filings;

  constructor(models: ReadModels) {
    this.cases = models.collection<ReportCaseDoc>(REPORTS, CASES);
    this.filings = models.collection<FilingDoc>(REPORTS, FILINGS);
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

  /** A member's reports an admin has closed, the last closed first: what came of them. */
  async closedFilingsOf(reporterId: string, limit: number): Promise<FilingDoc[]> {
    const page = await this.filings.find(
      { reporterId, status: 'closed' },
      { sort: [['closedAt', -1]], limit },
    );
    return page.items;
  }

  /** A member's reports still open: the stories whose closing they wait to hear of. */
  async openFilingsOf(reporterId: string, limit: number): Promise<FilingDoc[]> {
    const page = await this.filings.find({ reporterId, status: 'open' }, { limit });
    return page.items;
  }
}
