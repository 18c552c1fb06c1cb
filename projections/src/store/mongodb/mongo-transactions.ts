import type { ClientSession, Db, MongoClient } from 'mongodb';

/** Runs `work` in a transaction on a replica set, directly on a standalone server. */
export type Atomically = <T>(
  work: (session: ClientSession | undefined) => Promise<T>,
) => Promise<T>;

/** Transactions exist on a replica set or through a sharded cluster's router, not on a standalone server. */
export async function atomicallyOn(client: MongoClient, db: Db): Promise<Atomically> {
  const hello = await db.admin().command({ hello: 1 });
  const transactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
  return async (work) => {
    if (!transactions) return work(undefined);
    const session = client.startSession();
    try {
      return await session.withTransaction(() => work(session), {
        writeConcern: { w: 'majority' },
        readConcern: { level: 'snapshot' },
      });
    } finally {
      await session.endSession();
    }
  };
}

/** The options that put an operation into `session`'s transaction, if there is one. */
export const inSession = (session: ClientSession | undefined) => (session ? { session } : {});
