/**
 * The toaster loads with the first toast: Radix Toast is not needed to draw a page, and most
 * visits show no toast before they have loaded the rest, so it stays out of the first load's JS.
 */
import { lazy, Suspense, useState } from 'react';

import { useToast } from '#web/hooks/use-toast.ts';

const Toaster = lazy(() =>
  import('#web/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })),
);

export function DeferredToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
