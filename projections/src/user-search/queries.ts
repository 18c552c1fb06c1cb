import type { Page, ReadModels } from '../store/port';
import { startingWith } from '../store/prefix';
import { SEARCH_KEYS, USER_SEARCH, type SearchKeyDoc } from './docs';

/** Every read the API makes of the user-search read model. */
export class UserSearchQueries {
  private readonly keys;

  constructor(models: ReadModels) {
    this.keys = models.collection<SearchKeyDoc>(USER_SEARCH, SEARCH_KEYS);
  }

  /**
   * Keys starting with `prefix` (lower case), newest user first (user ids sort by creation). A
   * user matching by several fields appears once per field; the caller keeps the first.
   */
  startingWith(
    prefix: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<Page<SearchKeyDoc>> {
    return this.keys.find(
      { key: startingWith(prefix) },
      {
        sort: [['userId', -1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }
}
