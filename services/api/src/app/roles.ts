/**
 * What one process runs, chosen by the first command-line argument (one image, one code base):
 * `all` (the default, embedded mode) runs the API, the projections and the jobs together; scale
 * mode runs `api` (HTTP only, any number), `projector` (the projections, one active per projection
 * by lease) and `worker` (the jobs) as separate processes sharing Redis.
 */
const ROLES = ['all', 'api', 'projector', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export class RoleError extends Error {
  override name = 'RoleError';
}

export function roleOf(args: readonly string[], env: { REDIS_URL?: string | undefined }): Role {
  const [given = 'all', ...rest] = args;
  const role = ROLES.find((r) => r === given);
  if (!role || rest.length)
    throw new RoleError(
      `Unknown process role ${JSON.stringify(args.join(' '))}: expected one of ${ROLES.join(', ')}`,
    );
  if (role !== 'all' && !env.REDIS_URL?.trim())
    throw new RoleError(
      `The ${role} process shares leases, limits and jobs with the others through Redis: set REDIS_URL`,
    );
  return role;
}
