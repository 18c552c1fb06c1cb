import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/events';
import { ADMINS_RULE } from '../shared/forgetting';
import { ruleIdSchema, userIdSchema } from '../shared/ids';

/** What a rule screens: new stories, or new comments. */
export const automodTargetSchema = z.enum(['story', 'comment']);
export type AutomodTarget = z.infer<typeof automodTargetSchema>;

/**
 * What a match does: a story is marked in the moderation queue (`mark`); a comment is held for
 * review (`hold`, shown only to its author until an admin approves it) or flagged (`flag`, into the
 * admin's Flagged tab).
 */
export const automodActionSchema = z.enum(['mark', 'hold', 'flag']);
export type AutomodAction = z.infer<typeof automodActionSchema>;

const ruleFields = {
  ruleId: ruleIdSchema,
  name: z.string(),
  phrases: z.array(z.string()),
  target: automodTargetSchema,
  action: automodActionSchema,
  adminId: userIdSchema,
};

/** Every automod rule lives on the one `automod-rules` stream: few, read on every new text. */
export const automodRuleEvents = {
  AutomodRuleCreated: defineEvent('AutomodRuleCreated', z.object(ruleFields), {
    forgetting: ADMINS_RULE,
  }),
  /** The rule as it is after the change, whole. */
  AutomodRuleUpdated: defineEvent('AutomodRuleUpdated', z.object(ruleFields), {
    forgetting: ADMINS_RULE,
  }),
  AutomodRuleDeleted: defineEvent(
    'AutomodRuleDeleted',
    z.object({ ruleId: ruleIdSchema, name: z.string(), adminId: userIdSchema }),
    { forgetting: ADMINS_RULE },
  ),
};

export type AutomodRuleEvent = EventOf<(typeof automodRuleEvents)[keyof typeof automodRuleEvents]>;

/** The rule a story or comment matched when it was written, as its event records it. */
export const automodMatchSchema = z.object({
  ruleId: ruleIdSchema,
  ruleName: z.string(),
});
export type AutomodMatch = z.infer<typeof automodMatchSchema>;
