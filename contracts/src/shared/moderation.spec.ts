import { describe, expect, it } from 'vitest';
import { MODERATION_REASON_MAX_LENGTH } from './constants';
import { moderationReasonSchema, reasonBodySchema } from './moderation';

describe('moderation reason schemas', () => {
  it('when a reason is at the limit once trimmed it is kept, trimmed', () => {
    const reason = 'x'.repeat(MODERATION_REASON_MAX_LENGTH);
    expect(moderationReasonSchema.parse(`  ${reason}  `)).toBe(reason);
  });

  it('when a reason is one character over the limit it is refused with the limit in the message', () => {
    const result = moderationReasonSchema.safeParse('x'.repeat(MODERATION_REASON_MAX_LENGTH + 1));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A reason must be at most 500 characters');
  });

  it.each([[undefined], [{}], [{ reason: null }], [{ reason: '   ' }]])(
    'when the body is %j it carries no reason',
    (body) => {
      expect(reasonBodySchema.parse(body)).toEqual({ reason: null });
    },
  );
});
