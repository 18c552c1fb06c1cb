import { ConflictError, NotFoundError } from '#api/platform/errors';
import type { Rejections } from '#api/write/rejection';
import type { AutomodRejection } from './decider';

/** What a client sees when an automod rule command is refused. */
export const automodRejections: Rejections<AutomodRejection> = {
  rule_not_found: () => new NotFoundError('Rule not found'),
  name_taken: () => new ConflictError('Another rule has this name', 'conflict'),
  too_many_rules: () => new ConflictError('There are as many rules as there can be', 'conflict'),
};
