import {
  ConfigError,
  loadConfig,
  loadDatabaseConfig,
  type Config,
  type DatabaseConfig,
} from '#api/platform/config';

/**
 * How the command-line tools end: bad input (usage, configuration) is refused with one line and
 * exit code 2 before any work; a failure of the work itself is one line and exit code 1.
 */
export function refuse(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The configuration, or a refusal naming the variable that is wrong. */
export function configOrRefuse(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) refuse(error.message);
    throw error;
  }
}

/** DATABASE_URL's settings (undefined without it), or a refusal naming the variable that is wrong. */
export function databaseOrRefuse(): DatabaseConfig | undefined {
  try {
    return loadDatabaseConfig();
  } catch (error) {
    if (error instanceof ConfigError) refuse(`replay: ${error.message}`);
    throw error;
  }
}

/** Opens what the tool works on; a store the environment names that cannot be used is refused. */
export async function openedOrRefuse<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof ConfigError) refuse(error.message);
    throw error;
  }
}
