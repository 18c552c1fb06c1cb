import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { INLINED_ANSWERS_ELEMENT_ID } from '@whosright/contracts/shared/constants';

import { resetInlinedAnswers, takeInlinedAnswer } from '#web/lib/inlined-answers.ts';
import { number, object } from '#web/lib/shape.ts';

const counted = object<{ count: number }>({ count: number });

function pageCarries(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INLINED_ANSWERS_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

describe('inlined answers', () => {
  beforeEach(() => {
    resetInlinedAnswers();
  });
  afterEach(() => {
    document.getElementById(INLINED_ANSWERS_ELEMENT_ID)?.remove();
  });

  it('when the page carries an answer it is taken once, and a second read goes to the network', () => {
    pageCarries(JSON.stringify({ '/api/x': { count: 3, extra: true } }));
    expect(takeInlinedAnswer('/api/x', counted)).toEqual({ count: 3 });
    expect(takeInlinedAnswer('/api/x', counted)).toBeUndefined();
    expect(takeInlinedAnswer('/api/y', counted)).toBeUndefined();
  });

  it('when the answer does not have the call’s shape, or the block is not JSON, there is none', () => {
    pageCarries(JSON.stringify({ '/api/x': { count: 'three' } }));
    expect(takeInlinedAnswer('/api/x', counted)).toBeUndefined();
    document.getElementById(INLINED_ANSWERS_ELEMENT_ID)?.remove();
    resetInlinedAnswers();
    pageCarries('{ not json');
    expect(takeInlinedAnswer('/api/x', counted)).toBeUndefined();
  });
});
