import { useEffect, useState } from 'react';

import { hasSignedInHint } from '#web/lib/signed-in-hint.ts';
import { hasVisitedBefore, rememberVisit } from '#web/features/home/lib/returning-reader.ts';

/**
 * A signed-in or returning reader knows what the site is: the hero shrinks to one line so the
 * first story is on screen. Decided once, from what the page can read synchronously (the
 * signed-in hint cookie, the visit flag), before the first paint, so the hero never changes size
 * while the reader looks at it.
 */
export function useCompactHero(): boolean {
  const [compact] = useState(() => hasSignedInHint() || hasVisitedBefore());
  useEffect(() => rememberVisit(), []);
  return compact;
}
