import { z } from 'zod';
import { commentVersionSchema } from '../comment/dto';
import { commentIdSchema, ruleIdSchema } from '../shared/ids';
import { cursorSchema, pageLimitSchema } from '../shared/page';
import { automodActionSchema, automodTargetSchema } from './events';
import {
  phraseProblem,
  PHRASES_MAX,
  RULE_NAME_MAX,
  RULE_WILDCARD_WORDS_MAX,
  wildcardWords,
} from './match';

export { automodActionSchema, automodTargetSchema };
export type { AutomodAction, AutomodTarget } from './events';

const nameSchema = z
  .string({ error: 'A name must be text' })
  .trim()
  .min(1, 'Give the rule a name')
  .max(RULE_NAME_MAX, `A name must be at most ${RULE_NAME_MAX} characters`);

const phraseSchema = z
  .string({ error: 'A phrase must be text' })
  .trim()
  .superRefine((phrase, ctx) => {
    const problem = phraseProblem(phrase);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const phrasesSchema = z
  .array(phraseSchema, { error: 'phrases must be a list of words or phrases' })
  .min(1, 'Give at least one phrase')
  .max(PHRASES_MAX, `At most ${PHRASES_MAX} phrases`)
  .transform((phrases) => [...new Set(phrases)])
  .refine(
    (phrases) => wildcardWords(phrases) <= RULE_WILDCARD_WORDS_MAX,
    `At most ${RULE_WILDCARD_WORDS_MAX} words with * or ? in a rule's phrases`,
  );

/**
 * A rule as an admin writes it. Stories can only be marked in the queue; comments are held for
 * review or flagged.
 */
export const automodRuleBodySchema = z.discriminatedUnion(
  'target',
  [
    z.strictObject({
      name: nameSchema,
      phrases: phrasesSchema,
      target: z.literal('story'),
      action: z.literal('mark', { error: 'A story rule marks the story: action must be mark' }),
    }),
    z.strictObject({
      name: nameSchema,
      phrases: phrasesSchema,
      target: z.literal('comment'),
      action: z.enum(['hold', 'flag'], { error: 'A comment rule must hold or flag' }),
    }),
  ],
  { error: 'target must be story or comment' },
);
export type AutomodRuleBody = z.infer<typeof automodRuleBodySchema>;
/** What the web app sends. */
export type AutomodRuleInput = z.input<typeof automodRuleBodySchema>;

/** PATCH: any of the fields; the rule they make is checked as a whole. */
export const automodRulePatchSchema = z.strictObject({
  name: z.unknown().optional(),
  phrases: z.unknown().optional(),
  target: z.unknown().optional(),
  action: z.unknown().optional(),
});

export const automodRuleParamsSchema = z.object({ id: ruleIdSchema });

export const automodRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  phrases: z.array(z.string()),
  target: automodTargetSchema,
  action: automodActionSchema,
});
export type AutomodRule = z.infer<typeof automodRuleSchema>;

export const automodRulesSchema = z.object({ items: z.array(automodRuleSchema) });
export type AutomodRules = z.infer<typeof automodRulesSchema>;

/** POST /api/admin/automod-rules/dry-run: the rule as it would be saved. */
export const automodDryRunRequestSchema = z.strictObject({ rule: automodRuleBodySchema });

export { AUTOMOD_DRY_RUN_DAYS, AUTOMOD_DRY_RUN_EXAMPLES } from './match';

export const automodDryRunExampleSchema = z.object({
  targetType: automodTargetSchema,
  id: z.string(),
  storyId: z.string(),
  /** The text as written (blank once its member deleted their account). */
  text: z.string(),
  phrase: z.string(),
  at: z.string(),
  /** A moderator later rejected or hid the story, or deleted the comment. */
  removed: z.boolean(),
});
export type AutomodDryRunExample = z.infer<typeof automodDryRunExampleSchema>;

/**
 * What the rule would have matched in the last 30 days: how many stories and comments, and how
 * many of those moderators later removed anyway (the rule's precision against real decisions).
 */
export const automodDryRunResultSchema = z.object({
  since: z.string(),
  stories: z.object({ matched: z.number().int(), removed: z.number().int() }),
  comments: z.object({ matched: z.number().int(), removed: z.number().int() }),
  examples: z.array(automodDryRunExampleSchema),
});
export type AutomodDryRunResult = z.infer<typeof automodDryRunResultSchema>;

export const automodDryRunJobSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** Events read so far, of those in the window when the job began. */
  progress: z.object({ read: z.number().int(), total: z.number().int() }),
  result: automodDryRunResultSchema.nullable(),
  error: z.string().nullable(),
});
export type AutomodDryRunJob = z.infer<typeof automodDryRunJobSchema>;

export const automodDryRunParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** GET /api/admin/comments/held: comments a rule held, oldest first. */
export const heldCommentSchema = z.object({
  id: z.string(),
  storyId: z.string(),
  content: z.string(),
  author: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  rule: z.object({ id: z.string(), name: z.string() }),
  /** The rule's phrase the text holds, as the rule is now (null: it changed or went). */
  phrase: z.string().nullable(),
  heldAt: z.string(),
  /** Held by its author's edit: the texts it had before, oldest first (absent: a new comment). */
  earlierVersions: z.array(commentVersionSchema).optional(),
});
export type HeldComment = z.infer<typeof heldCommentSchema>;

export const heldCommentsPageSchema = z.object({
  items: z.array(heldCommentSchema),
  nextCursor: z.string().nullable(),
});
export type HeldCommentsPage = z.infer<typeof heldCommentsPageSchema>;

export const heldCommentsQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});

export const heldCommentParamsSchema = z.object({ id: commentIdSchema });
