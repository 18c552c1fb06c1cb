/**
 * A new story being written, kept in this browser per member until it is submitted: closing the
 * dialog (Esc, a tap outside, Cancel, ×) or the tab does not lose it. Storage that is full, off
 * or refused only means the draft is not kept.
 */
export interface StoryDraft {
  category: string;
  content: string;
}

const keyOf = (memberId: string) => `whosright:story-draft:${memberId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadStoryDraft(memberId: string | undefined): StoryDraft | null {
  if (!memberId) return null;
  try {
    const kept = JSON.parse(storage()?.getItem(keyOf(memberId)) ?? 'null') as unknown;
    if (typeof kept !== 'object' || kept === null) return null;
    const { category, content } = kept as Record<string, unknown>;
    return typeof category === 'string' && typeof content === 'string'
      ? { category, content }
      : null;
  } catch {
    return null;
  }
}

/** Keeps the draft; an empty one is removed. */
export function saveStoryDraft(memberId: string | undefined, draft: StoryDraft): void {
  if (!memberId) return;
  try {
    if (draft.category === '' && draft.content.trim() === '')
      storage()?.removeItem(keyOf(memberId));
    else storage()?.setItem(keyOf(memberId), JSON.stringify(draft));
  } catch {
    // Not kept: the form still holds it while the page is open.
  }
}
