/**
 * How the header's "Add new" reaches the submit-story dialog without knowing it.
 *
 * The dialog (owned by the story-submission feature, mounted once in the root layout) calls
 * `useSubmitStoryDialog()` and renders `<Dialog open={open} onOpenChange={setOpen}>`. While it is
 * mounted it is registered; `openSubmitStoryDialog()` opens it and returns true, or returns false
 * when no dialog is registered (nothing to open yet).
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';

let open = false;
let registered = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function setOpenState(next: boolean) {
  if (open === next) return;
  open = next;
  emit();
}

export function openSubmitStoryDialog(): boolean {
  if (registered === 0) return false;
  setOpenState(true);
  return true;
}

/** For the dialog component: registers it while mounted and exposes its open state. */
export function useSubmitStoryDialog() {
  useEffect(() => {
    registered += 1;
    return () => {
      registered -= 1;
      if (registered === 0) setOpenState(false);
    };
  }, []);
  const isOpen = useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
  const setOpen = useCallback((next: boolean) => setOpenState(next), []);
  return { open: isOpen, setOpen };
}
