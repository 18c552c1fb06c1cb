/**
 * 'Share Your Story': category and text, live counter, disabled until both are set or while
 * submitting; a new story's draft is kept in the browser for the member until it is submitted. Mounted once in the root layout; the
 * header's Add new opens it through useSubmitStoryDialog. Offline, the story waits in the open
 * dialog and is submitted when the connection is back; closing the dialog stops the wait (the
 * draft stays).
 * Opened on a rejected story ('Edit & resubmit' on My Stories), it starts from that story's text
 * and category, pins the moderator's note above the form and resubmits the story.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { MessageSquareWarningIcon } from 'lucide-react';
import { STORY_CATEGORIES } from '@whosright/contracts/shared/category-list';
import { STORY_MAX_LENGTH } from '@whosright/contracts/shared/constants';

import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { WaitingForConnection } from '#web/components/waiting-for-connection.tsx';
import { isUnauthorized } from '#web/lib/api-client.ts';
import { usePostWhenOnline } from '#web/lib/post-when-online.ts';
import { useSubmitStoryDialog, type ResubmitDraft } from '#web/lib/submit-story-dialog.ts';
import { cn } from '#web/lib/utils.ts';
import { useResubmitStory } from '#web/features/stories/api/resubmit-story.ts';
import { useSubmitStory } from '#web/features/stories/api/submit-story.ts';
import {
  loadStoryDraft,
  saveStoryDraft,
  type StoryDraft,
} from '#web/features/stories/lib/story-draft.ts';

const COPY = {
  submit: {
    title: 'Share Your Story',
    description:
      "Tell both sides of a disagreement with your partner. Everyone votes on who's right.",
    send: 'Submit Story',
    sending: 'Submitting...',
  },
  resubmit: {
    title: 'Edit & resubmit',
    description: 'Edit your story and send it back for review. It stays private until approved.',
    send: 'Resubmit',
    sending: 'Resubmitting...',
  },
} as const;

/** What the moderator asked for, pinned above the story it is about. */
function ModeratorNote({ note }: { note: string }) {
  return (
    <aside
      aria-label="Moderator's note"
      className="flex gap-3 rounded-lg border bg-muted px-3 py-2 text-sm"
    >
      <MessageSquareWarningIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">Moderator&apos;s note:</span> {note}
      </p>
    </aside>
  );
}

/** Submits a new story, or resubmits the rejected one the dialog was opened on. */
function useSendStory(resubmit: ResubmitDraft | null) {
  const submit = useSubmitStory();
  const again = useResubmitStory();
  const { mutate: submitMutate } = submit;
  const { mutate: againMutate } = again;
  // Stable while the dialog is on one story: a post waiting for the connection keeps its timer.
  const send = useCallback<typeof submitMutate>(
    (body, callbacks) =>
      resubmit
        ? againMutate({ storyId: resubmit.storyId, ...body }, callbacks)
        : submitMutate(body, callbacks),
    [resubmit, againMutate, submitMutate],
  );
  return { mutation: resubmit ? again : submit, posting: usePostWhenOnline(send) };
}

/**
 * The form's category and text: the member's kept draft of a new story (see `story-draft.ts`), or
 * the rejected story's when opened on one. A new story's draft outlives the dialog until it is
 * submitted; a resubmission starts from the rejected story each time.
 */
function useStoryFields(resubmit: ResubmitDraft | null, memberId: string | undefined) {
  const [fields, setFields] = useState<StoryDraft>(
    () => loadStoryDraft(memberId) ?? { category: '', content: '' },
  );
  const change = useCallback(
    (next: Partial<StoryDraft>) =>
      setFields((current) => {
        const changed = { ...current, ...next };
        if (!resubmit) saveStoryDraft(memberId, changed);
        return changed;
      }),
    [resubmit, memberId],
  );
  /** Closed: a resubmission is given up; a new story's draft stays. */
  const closed = useCallback(() => {
    if (resubmit) setFields({ category: resubmit.category, content: resubmit.content });
  }, [resubmit]);
  /** Submitted: nothing left to keep. */
  const sent = useCallback(() => {
    if (!resubmit) saveStoryDraft(memberId, { category: '', content: '' });
    setFields({ category: resubmit?.category ?? '', content: resubmit?.content ?? '' });
  }, [resubmit, memberId]);
  // Opened on another story (or on none), the form starts again from that story or the draft.
  const [startedFrom, setStartedFrom] = useState<ResubmitDraft | null>(null);
  if (startedFrom !== resubmit) {
    setStartedFrom(resubmit);
    setFields(
      resubmit
        ? { category: resubmit.category, content: resubmit.content }
        : (loadStoryDraft(memberId) ?? { category: '', content: '' }),
    );
  }
  return {
    ...fields,
    setCategory: (category: string) => change({ category }),
    setContent: (content: string) => change({ content }),
    closed,
    sent,
  };
}

/** `memberId`: whose draft of a new story the dialog keeps in this browser. */
export function SubmitStoryDialog({ memberId }: { memberId?: string }) {
  const { open, setOpen, resubmit } = useSubmitStoryDialog();
  const { mutation: submit, posting } = useSendStory(resubmit);
  const copy = resubmit ? COPY.resubmit : COPY.submit;
  const { category, setCategory, content, setContent, closed, sent } = useStoryFields(
    resubmit,
    memberId,
  );

  const ready = category !== '' && content.trim() !== '' && content.length <= STORY_MAX_LENGTH;

  const onOpenChange = (next: boolean) => {
    if (!next) {
      closed();
      submit.reset();
      posting.cancel();
    }
    setOpen(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || submit.isPending || posting.waiting) return;
    posting.submit(
      { category, content: content.trim() },
      {
        onSuccess: () => {
          sent();
          onOpenChange(false);
        },
        onError: (error) => {
          if (isUnauthorized(error)) onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{copy.title}</DialogTitle>
            <DialogDescription>{copy.description}</DialogDescription>
          </DialogHeader>

          {resubmit?.note ? <ModeratorNote note={resubmit.note} /> : null}

          <div className="grid gap-2">
            <Label htmlFor="story-category">Category</Label>
            <Select value={category} onValueChange={setCategory} disabled={posting.waiting}>
              <SelectTrigger id="story-category">
                <SelectValue placeholder="Select a category" />
              </SelectTrigger>
              <SelectContent>
                {STORY_CATEGORIES.map((c) => (
                  <SelectItem key={c.value} value={c.value}>
                    {c.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <div className="grid gap-2">
            <Label htmlFor="story-content">Your story</Label>
            <Textarea
              id="story-content"
              value={content}
              onChange={(event) => setContent(event.target.value)}
              readOnly={posting.waiting}
              maxLength={STORY_MAX_LENGTH}
              rows={6}
              aria-describedby="story-hint story-count"
              placeholder="What happened? Describe both sides fairly, keep it respectful and engaging..."
              className="max-h-[45dvh] min-h-36"
            />
            <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
              <p id="story-hint">Keep it anonymous and respectful</p>
              <p
                id="story-count"
                className={cn(
                  'tabular-nums',
                  content.length >= STORY_MAX_LENGTH && 'font-semibold text-destructive',
                )}
              >
                {content.length}/{STORY_MAX_LENGTH}
              </p>
            </div>
          </div>

          {posting.waiting ? (
            <WaitingForConnection>
              Your story will be submitted when you&apos;re back online.
            </WaitingForConnection>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready || submit.isPending || posting.waiting}>
              {posting.waiting
                ? 'Waiting for connection...'
                : submit.isPending
                  ? copy.sending
                  : copy.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
