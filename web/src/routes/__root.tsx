import { createRootRouteWithContext } from '@tanstack/react-router';

import { RootLayout } from '#web/app/layout/root-layout.tsx';
import type { RouterContext } from '#web/app/router-context.ts';
import { CrashScreen } from '#web/components/errors/crash-screen.tsx';
import { NotFoundScreen } from '#web/components/errors/not-found-screen.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: "Who's Right" }] }),
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: CrashScreen,
});
