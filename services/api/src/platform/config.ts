import { z } from 'zod';
import { dataDirProblem } from './data-dir';

/**
 * The environment contract: environment variables alone choose each adapter and setting. Every
 * variable is documented in the README; a bad value stops the process with one line naming the
 * variable (see `loadConfig`).
 */

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());
const optionalUrl = (protocols: string[], example: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `must be a URL like ${example}`)
      .optional(),
  );

/** TLS as libpq names it, passed through to node-postgres with the rest of the URL. */
const SSL_MODES = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'];

const postgresUrl = optionalUrl(
  ['postgres:', 'postgresql:'],
  'postgres://user:password@localhost:5432/whosright',
).refine(
  (value) => {
    if (value === undefined || !URL.canParse(value)) return true;
    const mode = new URL(value).searchParams.get('sslmode');
    return mode === null || SSL_MODES.includes(mode);
  },
  `must have an sslmode of ${SSL_MODES.join(', ')}`,
);

const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
      error: 'must be one of 1, 0, true, false, on, off, yes, no',
    })
    .transform((v) => ['1', 'true', 'on', 'yes'].includes(v))
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('development'),
  ),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a port number between 0 and 65535' })
      .int('must be a whole port number')
      .min(0, 'must be a port number between 0 and 65535')
      .max(65535, 'must be a port number between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().trim().default('127.0.0.1')),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://whosright.example'),
  DATA_DIR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .default('./data')
      .superRefine((dir, ctx) => {
        const problem = dataDirProblem(dir);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  ),
  SQLITE_SYNC: z.preprocess(
    emptyToUndefined,
    z.enum(['normal', 'full'], { error: 'must be normal or full' }).default('normal'),
  ),
  EVENTSTORE_URL: optionalUrl(
    ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:', 'kdb:', 'kdb+discover:'],
    'esdb://localhost:2113?tls=false',
  ),
  MONGO_URL: optionalUrl(
    ['mongodb:', 'mongodb+srv:'],
    'mongodb://localhost:27017/whosright?replicaSet=rs0',
  ),
  DATABASE_URL: postgresUrl,
  DATABASE_POOL_SIZE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of connections from 1 to 100' })
      .int('must be a whole number of connections from 1 to 100')
      .min(1, 'must be a number of connections from 1 to 100')
      .max(100, 'must be a number of connections from 1 to 100')
      .default(10),
  ),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://localhost:6379'),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ADMIN_EMAILS: z.preprocess(
    (v) => emptyToUndefined(v) ?? '',
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' }))),
  ),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:pass@localhost:1025'),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().trim().default("Who's Right <no-reply@localhost>"),
  ),
  OIDC_ISSUER: optionalUrl(['http:', 'https:'], 'https://accounts.example.com'),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: optionalString,
  SEED_DEMO: booleanFlag,
  WRITE_LIMITS: booleanFlag,
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^(true|false|\d+|[\w.:/, -]+)$/, {
        error:
          'must be true, a hop count, or a comma-separated list of addresses, subnets or loopback',
      })
      .optional(),
  ),
  ANALYTICS_ID: optionalString,
  ADS_CLIENT: optionalString,
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a port number between 1 and 65535' })
      .int('must be a whole port number')
      .min(1, 'must be a port number between 1 and 65535')
      .max(65535, 'must be a port number between 1 and 65535')
      .optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  MAIL_RETRY_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(1, 'must be at least 1 millisecond')
      .default(2_000),
  ),
  DIGEST_HOUR_UTC: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be an hour from 0 to 23' })
      .int('must be a whole hour from 0 to 23')
      .min(0, 'must be an hour from 0 to 23')
      .max(23, 'must be an hour from 0 to 23')
      .default(7),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
  ),
});

/** Every variable the configuration reads (the compose file may set no other). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** PostgreSQL, holding both the event log and the read models. */
export interface DatabaseConfig {
  /** `postgres://...`; TLS is its `sslmode` (and `sslrootcert`, `sslcert`, `sslkey`). */
  url: string;
  /** Connections each of the two stores' pools opens at most. */
  poolSize: number;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  sqliteSync: 'normal' | 'full';
  eventStoreUrl: string | undefined;
  mongoUrl: string | undefined;
  /** Set: the event log and the read models live in PostgreSQL. */
  database: DatabaseConfig | undefined;
  redisUrl: string | undefined;
  /** Undefined until `ensureSessionSecret` fills it outside production. */
  sessionSecret: string | undefined;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc:
    | { issuer: string; clientId: string; clientSecret: string | undefined; providerName: string }
    | undefined;
  seedDemo: boolean;
  /** Per-account write limits (stories, comments, votes, reactions); on by default. */
  writeLimits: boolean;
  /** Express's `trust proxy`: false (default), true, a hop count, or addresses and subnets. */
  trustProxy: boolean | number | string;
  analyticsId: string | undefined;
  adsClient: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** A second listener serving only `GET /metrics`, for scrapers on a private network. */
  metricsPort: number | undefined;
  /** When set, `GET /metrics` on the main port answers to `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Delay before a failed mail's first retry; it doubles for each further one. */
  mailRetryMs: number;
  /** The hour (UTC) the worker mails the daily digest. */
  digestHourUtc: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A URL as it may be shown: without its password. */
function withoutPassword(raw: string): string {
  return raw.replace(/^([a-z]+:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

function describeIssue(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const variable = String(issue.path[0] ?? 'environment');
  const given = env[variable];
  const raw = given !== undefined && variable === 'DATABASE_URL' ? withoutPassword(given) : given;
  const got =
    raw === undefined
      ? ''
      : ` (got ${JSON.stringify(raw.length > 60 ? `${raw.slice(0, 57)}...` : raw)})`;
  const shown = ['SESSION_SECRET', 'OIDC_CLIENT_SECRET', 'METRICS_TOKEN'].includes(variable)
    ? ''
    : got;
  return `${variable} ${issue.message}${shown}`;
}

function trustProxyOf(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function parsedOrThrow<T>(schema: z.ZodType<T>, env: Record<string, string | undefined>): T {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(`Invalid configuration: ${describeIssue(parsed.error.issues[0]!, env)}`);
}

const storeVariables = envSchema.pick({
  DATABASE_URL: true,
  DATABASE_POOL_SIZE: true,
  EVENTSTORE_URL: true,
  MONGO_URL: true,
});

/** PostgreSQL holds both stores or neither: DATABASE_URL beside another store's URL is refused. */
function databaseOf(e: z.infer<typeof storeVariables>): DatabaseConfig | undefined {
  if (!e.DATABASE_URL) return undefined;
  if (e.EVENTSTORE_URL || e.MONGO_URL)
    throw new ConfigError(
      `Invalid configuration: DATABASE_URL holds both the event log and the read models; unset ${e.EVENTSTORE_URL ? 'EVENTSTORE_URL' : 'MONGO_URL'} (or DATABASE_URL)`,
    );
  return { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE };
}

/** Only the PostgreSQL settings, for tools that read nothing else (the replay). */
export function loadDatabaseConfig(
  env: Record<string, string | undefined> = process.env,
): DatabaseConfig | undefined {
  return databaseOf(parsedOrThrow(storeVariables, env));
}

/** Parses the environment. Throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parsedOrThrow(envSchema, env);
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required when NODE_ENV=production (at least 32 characters)',
    );
  }
  const database = databaseOf(e);
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER and OIDC_CLIENT_ID must be set together',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    sqliteSync: e.SQLITE_SYNC,
    eventStoreUrl: e.EVENTSTORE_URL,
    mongoUrl: e.MONGO_URL,
    database,
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET,
    adminEmails: e.ADMIN_EMAILS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            providerName: e.OIDC_PROVIDER_NAME ?? new URL(e.OIDC_ISSUER).hostname,
          }
        : undefined,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    writeLimits: e.WRITE_LIMITS ?? true,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    analyticsId: e.ANALYTICS_ID,
    adsClient: e.ADS_CLIENT,
    logLevel: e.LOG_LEVEL,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    mailRetryMs: e.MAIL_RETRY_MS,
    digestHourUtc: e.DIGEST_HOUR_UTC,
  };
}
