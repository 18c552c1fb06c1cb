/**
 * How the header's "Add new" reaches the submit-story dialog without knowing it.
 *
 * The dialog (owned by the story-submission feature) calls `useSubmitStoryDialog()` and renders
 * `<Dialog open={open} onOpenChange={setOpen}>`. The root layout loads and mounts it only once
 * someone asks for it (`useSubmitStoryDialogWanted()`): `openSubmitStoryDialog()` marks it open,
 * and the dialog opens as soon as it is mounted. It returns whether a dialog is registered yet.
 * Given a rejected story (`ResubmitDraft`), the dialog opens on it to edit and resubmit it.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';

/** A rejected story the author edits and sends back, with the moderator's note when there is one. */
export interface ResubmitDraft {
  storyId: string;
  content: string;
  category: string;
  note: string | null;
}

let open = false;
let wanted = false;
let draft: ResubmitDraft | null = null;
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

/** Opens the dialog: empty for a new story, or on a rejected one (`resubmit`). */
export function openSubmitStoryDialog(resubmit: ResubmitDraft | null = null): boolean {
  wanted = true;
  if (draft !== resubmit) {
    draft = resubmit;
    emit();
  }
  setOpenState(true);
  return registered > 0;
}

/** For the root layout: true once the dialog was asked for, so its code loads only then. */
export function useSubmitStoryDialogWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
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
  const resubmit = useSyncExternalStore(
    subscribe,
    () => draft,
    () => null,
  );
  const setOpen = useCallback((next: boolean) => setOpenState(next), []);
  return { open: isOpen, setOpen, resubmit };
}
