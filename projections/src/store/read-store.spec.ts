import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll } from 'vitest';
import { startMongoServer } from '@whosright/testing/mongo-server';
import { createMongoReadStore } from './mongodb/mongo-read-store';
import type { CollectionSpec } from './port';
import { readStoreContract } from './read-store.contract';
import { createSqliteReadStore } from './sqlite/sqlite-read-store';

readStoreContract('sqlite', {
  open: () => Promise.resolve(createSqliteReadStore({ database: new Database(':memory:') })),
  close: async () => {},
});

/** The collections' column fields left in the JSON, as a store without columns keeps them. */
const withoutColumns = (specs: readonly CollectionSpec[]) =>
  specs.map(({ columns: _kept, ...spec }) => spec);

readStoreContract('sqlite, column fields kept in the documents', {
  open: () => {
    const store = createSqliteReadStore({ database: new Database(':memory:') });
    return Promise.resolve({
      ...store,
      createGeneration: (projection, version, specs, options) =>
        store.createGeneration(projection, version, withoutColumns(specs), options),
      ensureCollections: (target, specs) => store.ensureCollections(target, withoutColumns(specs)),
    });
  },
  close: async () => {},
});

const mongo = await startMongoServer();
if (mongo) {
  const client = new MongoClient(mongo.url, { writeConcern: { w: 'majority' } });
  await client.connect();
  afterAll(async () => {
    await client.close();
    await mongo.stop();
  });
  readStoreContract('mongodb', {
    open: () => createMongoReadStore({ client, dbName: `contract_${randomUUID().slice(0, 8)}` }),
    close: async () => {},
  });
} else {
  console.log(
    'MongoDB read-store contract not run: MONGO_URL is unset and no Docker engine was found.',
  );
}
