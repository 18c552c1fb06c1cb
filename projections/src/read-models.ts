import type { AnyProjection } from './runner/projection';
import { sessionsProjection } from './sessions/sessions-projection';
import { usersProjection } from './users/users-projection';

/** Every read model the API serves, in the order the runner starts them. */
export const readModels: readonly AnyProjection[] = [usersProjection, sessionsProjection] as unknown as readonly AnyProjection[];
