import type { Database } from 'better-sqlite3';
import { createMongoReadStore } from './mongodb/mongo-read-store';
import type { ReadStore } from './port';
import { createSqliteReadStore } from './sqlite/sqlite-read-store';

/** MongoDB when MONGO_URL is set (scale mode), else the embedded SQLite file the event store uses. */
export async function openReadStore(options: {
  database: Database;
  mongoUrl?: string | undefined;
}): Promise<ReadStore> {
  const mongoUrl = 'mongoUrl' in options ? options.mongoUrl : process.env.MONGO_URL;
  if (mongoUrl) return createMongoReadStore({ url: mongoUrl });
  return createSqliteReadStore({ database: options.database });
}
