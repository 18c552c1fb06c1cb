/**
 * The header of a card that tells how a mailed link went (verification, unsubscribe): an icon,
 * a heading that takes focus once there is an outcome (screen readers hear it), and a line.
 */
import type { ReactNode, Ref } from 'react';

import { CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

export function OutcomeHeader({
  icon,
  title,
  description,
  headingRef,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <CardHeader className="text-center">
      <div className="mx-auto mb-2" aria-hidden="true">
        {icon}
      </div>
      <CardTitle>
        <h1
          ref={headingRef}
          tabIndex={-1}
          aria-live="polite"
          className="font-display text-2xl font-bold outline-none"
        >
          {title}
        </h1>
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}
