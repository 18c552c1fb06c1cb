/**
 * Whether the page has shown its first content: false only during a document's first load, until
 * the browser reports the paint (see lib/after-first-paint.ts).
 */
import { useEffect, useState } from 'react';

import { afterFirstPaint, hasPaintedFirstContent } from '#web/lib/after-first-paint.ts';

export function useFirstContentPainted(): boolean {
  const [painted, setPainted] = useState(hasPaintedFirstContent);
  useEffect(() => (painted ? undefined : afterFirstPaint(() => setPainted(true))), [painted]);
  return painted;
}
