/**
 * Where the submit-story dialog mounts. Its code (the dialog, its select) is not part of the first
 * load: it loads once the page is idle for a member who can submit, so the first tap on Add new
 * opens it at once, and otherwise when it is first asked for. It mounts only once asked for.
 */
import { lazy, Suspense } from 'react';

import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { usePreloadWhenIdle } from '#web/hooks/use-preload-when-idle.ts';
import { isBanned } from '#web/lib/ban.ts';
import { useSubmitStoryDialogWanted } from '#web/lib/submit-story-dialog.ts';

const loadSubmitStoryDialog = () =>
  import('#web/features/stories/components/submit-story-dialog.tsx');
const SubmitStoryDialog = lazy(() =>
  loadSubmitStoryDialog().then((m) => ({ default: m.SubmitStoryDialog })),
);

export function SubmitStoryDialogSlot() {
  const { user, isSignedIn } = useCurrentUser();
  // A visitor's Add new asks them to log in, and a banned member's says why: no dialog to load.
  usePreloadWhenIdle(loadSubmitStoryDialog, isSignedIn && !isBanned(user));
  const wanted = useSubmitStoryDialogWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* One member's draft is never shown to the next one signed in on this browser. */}
      <SubmitStoryDialog key={user?.id} memberId={user?.id} />
    </Suspense>
  );
}
