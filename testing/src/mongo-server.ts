import { existsSync } from 'node:fs';

export interface MongoServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A MongoDB replica set for the contract suite: MONGO_URL when set, else a container when
 * testcontainers finds a Docker engine, else undefined (the caller says it was not run).
 */
export async function startMongoServer(): Promise<MongoServer | undefined> {
  if (process.env.MONGO_URL) return { url: process.env.MONGO_URL, stop: async () => {} };
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return undefined;
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch {
    return undefined;
  }
  const container = await new GenericContainer('mongo:7')
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  const result = await container.exec([
    'mongosh',
    '--quiet',
    '--eval',
    "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] })",
  ]);
  if (result.exitCode !== 0) throw new Error(`rs.initiate failed: ${result.output}`);
  const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?replicaSet=rs0&directConnection=true`;
  return { url, stop: async () => void (await container.stop()) };
}
