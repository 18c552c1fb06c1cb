import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('when the environment is empty it applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
      sqliteSync: 'normal',
      adminEmails: [],
      seedDemo: true,
      oidc: undefined,
      eventStoreUrl: undefined,
      mongoUrl: undefined,
      redisUrl: undefined,
      trustProxy: false,
      digestHourUtc: 7,
    });
  });

  it('when DIGEST_HOUR_UTC is given the digest goes out at that hour', () => {
    expect(loadConfig({ DIGEST_HOUR_UTC: '0' }).digestHourUtc).toBe(0);
    expect(loadConfig({ DIGEST_HOUR_UTC: '23' }).digestHourUtc).toBe(23);
  });

  it.each([
    ['false', false],
    ['true', true],
    ['1', 1],
    ['loopback', 'loopback'],
    ['loopback, 10.0.0.0/8', 'loopback, 10.0.0.0/8'],
  ] as const)('when TRUST_PROXY is %s the app trusts %s', (value, trusted) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(trusted);
  });

  it('when TRUST_PROXY holds something else it fails naming TRUST_PROXY', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'anyone; drop' })).toThrowError(
      /^Invalid configuration: TRUST_PROXY /,
    );
  });

  it('when PORT is not a number it fails with one line naming PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration: PORT /);
      expect(message).toContain('"abc"');
      expect(message.split('\n')).toHaveLength(1);
    }
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['PUBLIC_URL', 'not a url'],
    ['EVENTSTORE_URL', 'http://localhost:2113'],
    ['MONGO_URL', 'localhost:27017'],
    ['REDIS_URL', 'http://x'],
    ['ADMIN_EMAILS', 'admin@example.com,nope'],
    ['SEED_DEMO', 'maybe'],
    ['SQLITE_SYNC', 'extra'],
    ['NODE_ENV', 'staging'],
    ['SESSION_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['DIGEST_HOUR_UTC', '24'],
    ['DIGEST_HOUR_UTC', '7.5'],
    ['DIGEST_HOUR_UTC', 'dawn'],
    ['DATABASE_URL', 'mysql://localhost/whosright'],
    ['DATABASE_URL', 'localhost:5432'],
    ['DATABASE_URL', 'postgres://localhost/whosright?sslmode=sometimes'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', '101'],
    ['DATABASE_POOL_SIZE', 'many'],
    ['DATABASE_POOL_SIZE', '2.5'],
  ])('when %s=%s it names that variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrowError(
      new RegExp(`^Invalid configuration: ${variable} `),
    );
  });

  it('when DATABASE_URL is set PostgreSQL holds both stores with the pool size given', () => {
    expect(loadConfig({}).database).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://app:pw@db:5432/whosright' }).database).toEqual({
      url: 'postgres://app:pw@db:5432/whosright',
      poolSize: 10,
    });
    expect(
      loadConfig({
        DATABASE_URL: 'postgresql://db/whosright?sslmode=verify-full',
        DATABASE_POOL_SIZE: '25',
      }).database,
    ).toEqual({ url: 'postgresql://db/whosright?sslmode=verify-full', poolSize: 25 });
  });

  it('when DATABASE_URL is wrong the line names it without its password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app:secret-pw@db/whosright' })).toThrowError(
      /^Invalid configuration: DATABASE_URL .*"mysql:\/\/app:\*\*\*@db\/whosright"\)$/,
    );
  });

  it.each(['EVENTSTORE_URL', 'MONGO_URL'])(
    'when DATABASE_URL and %s are both set it refuses to choose',
    (other) => {
      const url = other === 'MONGO_URL' ? 'mongodb://localhost:27017' : 'esdb://localhost:2113';
      expect(() =>
        loadConfig({ DATABASE_URL: 'postgres://localhost/whosright', [other]: url }),
      ).toThrowError(new RegExp(`^Invalid configuration: DATABASE_URL .*unset ${other}`));
    },
  );

  it('when NODE_ENV is production without SESSION_SECRET it refuses to start', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/SESSION_SECRET is required/);
  });

  it('when NODE_ENV is production it turns the demo seed off unless asked', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret }).seedDemo).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, SEED_DEMO: '1' }).seedDemo,
    ).toBe(true);
  });

  it('when values are given it normalises them', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://whosright.example/',
      ADMIN_EMAILS: ' Admin@Example.com , mod@example.com ',
      SEED_DEMO: '0',
      OIDC_ISSUER: 'https://accounts.example.com',
      OIDC_CLIENT_ID: 'client',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://whosright.example');
    expect(config.adminEmails).toEqual(['admin@example.com', 'mod@example.com']);
    expect(config.seedDemo).toBe(false);
    expect(config.oidc).toEqual({
      issuer: 'https://accounts.example.com',
      clientId: 'client',
      clientSecret: undefined,
      providerName: 'accounts.example.com',
    });
    expect(config.eventStoreUrl).toBe('esdb://localhost:2113?tls=false');
  });

  it('when only half of the OIDC settings are given it says both are needed', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.example.com' })).toThrowError(
      /OIDC_ISSUER and OIDC_CLIENT_ID/,
    );
  });

  it('when a secret is invalid it does not echo the value', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'hunter2' })).toThrowError(/^((?!hunter2).)*$/);
  });
});
