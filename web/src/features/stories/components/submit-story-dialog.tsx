/**
 * 'Share Your Story': category and text, live counter, disabled until both are set or while
 * submitting; the form resets whenever the dialog closes. Mounted once in the root layout; the
 * header's Add new opens it through useSubmitStoryDialog. Offline, the story waits in the open
 * dialog and is submitted when the connection is back; closing the dialog gives it up.
 */
import { useState, type FormEvent } from 'react';
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
import { useSubmitStoryDialog } from '#web/lib/submit-story-dialog.ts';
import { cn } from '#web/lib/utils.ts';
import { useSubmitStory } from '#web/features/stories/api/submit-story.ts';

export function SubmitStoryDialog() {
  const { open, setOpen } = useSubmitStoryDialog();
  const submit = useSubmitStory();
  const posting = usePostWhenOnline(submit.mutate);
  const [category, setCategory] = useState('');
  const [content, setContent] = useState('');

  const ready = category !== '' && content.trim() !== '' && content.length <= STORY_MAX_LENGTH;

  const onOpenChange = (next: boolean) => {
    if (!next) {
      setCategory('');
      setContent('');
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
        onSuccess: () => onOpenChange(false),
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
            <DialogTitle>Share Your Story</DialogTitle>
            <DialogDescription>
              Tell both sides of a disagreement with your partner. Everyone votes on who&apos;s
              right.
            </DialogDescription>
          </DialogHeader>

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
                  ? 'Submitting...'
                  : 'Submit Story'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
