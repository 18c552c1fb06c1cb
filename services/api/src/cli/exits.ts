import { ConfigError, loadConfig, type Config } from '#api/platform/config';

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
