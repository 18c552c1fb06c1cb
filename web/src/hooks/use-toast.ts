/**
 * The shadcn/ui use-toast store: `toast()` can be called from anywhere (hooks, the query client,
 * plain modules); <Toaster /> renders what it holds. One toast at a time, removed from the store
 * 1,000,000 ms after it is dismissed (Radix animates it out).
 */
import * as React from 'react';
import { TOAST } from '@whosright/contracts/shared/constants';

import type { ToastActionElement, ToastProps } from '#web/components/ui/toast.tsx';

type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

interface State {
  toasts: ToasterToast[];
}

let count = 0;
function genId() {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const toastTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function addToRemoveQueue(toastId: string) {
  if (toastTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    toastTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST.removeDelayMs);
  toastTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST.limit) };
    case 'UPDATE_TOAST':
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      if (toastId) addToRemoveQueue(toastId);
      else for (const t of state.toasts) addToRemoveQueue(t.id);
      return {
        ...state,
        toasts: state.toasts.map((t) =>
          t.id === toastId || toastId === undefined ? { ...t, open: false } : t,
        ),
      };
    }
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners: Array<(state: State) => void> = [];
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

type Toast = Omit<ToasterToast, 'id'>;

function toast(props: Toast) {
  const id = genId();
  const update = (next: ToasterToast) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });

  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });

  return { id, dismiss, update };
}

function useToast() {
  const [state, setState] = React.useState<State>(memoryState);

  React.useEffect(() => {
    listeners.push(setState);
    return () => {
      const index = listeners.indexOf(setState);
      if (index > -1) listeners.splice(index, 1);
    };
  }, []);

  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
  };
}

/**
 * When each toast is on the page: the toaster loads with the first toast, so a toast asked for
 * before its code arrived is drawn later. A caller that must leave a toast on screen for a while
 * (a notice before a redirect) counts from then.
 */
const shownToasts = new Set<string>();
const waitingForShown = new Map<string, Array<() => void>>();

/** The toaster calls this once the toast is drawn. */
function markToastShown(id: string) {
  shownToasts.add(id);
  for (const run of waitingForShown.get(id) ?? []) run();
  waitingForShown.delete(id);
}

/** Runs `run` once the toast is drawn: at once when it already is. */
function whenToastShown(id: string, run: () => void) {
  if (shownToasts.has(id)) run();
  else waitingForShown.set(id, [...(waitingForShown.get(id) ?? []), run]);
}

/** Test helper: forget every toast and pending removal. */
function resetToasts() {
  for (const timeout of toastTimeouts.values()) clearTimeout(timeout);
  toastTimeouts.clear();
  memoryState = { toasts: [] };
  shownToasts.clear();
  waitingForShown.clear();
  for (const listener of listeners) listener(memoryState);
}

export { markToastShown, resetToasts, toast, useToast, whenToastShown };
