import { useState, type FormEvent } from 'react';
import { SendIcon } from 'lucide-react';
import { COMMENT_MAX_LENGTH } from '@whosright/contracts/shared/constants';

import { WaitingForConnection } from '#web/components/waiting-for-connection.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * The comment box: non-blank after trimming; the button is disabled while pending. Offline, the
 * comment waits (`waiting`): the text stays, read-only, the box says it will be posted when the
 * connection is back, and Cancel stops waiting.
 */
export function CommentForm({
  pending,
  waiting = false,
  onCancel,
  onSubmit,
}: {
  pending: boolean;
  waiting?: boolean;
  onCancel?: () => void;
  onSubmit: (content: string, done: () => void) => void;
}) {
  const [content, setContent] = useState('');
  const blank = content.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || pending || waiting) return;
    onSubmit(content.trim(), () => setContent(''));
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor="comment" className="sr-only">
        Your comment
      </Label>
      <Textarea
        id="comment"
        value={content}
        onChange={(event) => setContent(event.target.value)}
        readOnly={waiting}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        placeholder="Who's right, and why? Keep it kind."
        className="min-h-24 resize-none"
      />
      {waiting ? (
        <WaitingForConnection>
          Your comment will be posted when you&apos;re back online.
        </WaitingForConnection>
      ) : null}
      {/* Waiting, the two buttons are wider than a phone: stacked there, as a dialog's are. */}
      <div className={cn('flex justify-end gap-2', waiting && 'max-sm:flex-col-reverse')}>
        {waiting ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={blank || pending || waiting}>
          <SendIcon />
          {waiting ? 'Waiting for connection...' : pending ? 'Posting...' : 'Post Comment'}
        </Button>
      </div>
    </form>
  );
}
