import { describe, expect, it } from 'vitest';
import { renderInlinedAnswers } from './page-meta';

describe('renderInlinedAnswers', () => {
  it('when an answer holds text that could end the element or a line it is escaped and reads back the same', () => {
    const text = 'a </script><script>alert(1)</script> <!-- & \u2028 \u2029 end';
    const html = renderInlinedAnswers({ '/api/x': { text } });
    const inner = /^<script type="application\/json" id="inlined-answers">(.*)<\/script>$/s.exec(
      html,
    )![1]!;
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inner)).toEqual({ '/api/x': { text } });
  });
});
