import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { AppProvider } from '#web/app/provider.tsx';
import { createAppRouter } from '#web/app/router.ts';
import { trackPageViews } from '#web/app/track-page-views.ts';
import { afterFirstPaint } from '#web/lib/after-first-paint.ts';
import { analytics } from '#web/lib/analytics.ts';
import { setNavigator } from '#web/lib/navigation.ts';
import { createQueryClient } from '#web/lib/query-client.ts';

import '#web/index.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
setNavigator((to) => router.history.push(to));
trackPageViews(router, analytics);
// Skips an earlier page left unsent go once this one shows; later ones go as the page hides.
afterFirstPaint(() => {
  void import('#web/features/stories/api/skip-queue.ts').then(({ skipQueue }) => skipQueue.start());
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// As a transition the first render yields to the browser between components, so no long task
// holds the main thread while the page is being drawn.
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient} router={router} />
    </StrictMode>,
  ),
);
