import { namedQueries } from '@whosright/eventstore/postgres/named-queries';

/** The read models' queries, each prepared once per connection (see `namedQueries`). */
export const named = namedQueries('wr_rm');

export { namedQueries };
