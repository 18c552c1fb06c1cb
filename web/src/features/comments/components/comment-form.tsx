import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SendIcon } from 'lucide-react';
import { COMMENT_MAX_LENGTH } from '@whosright/contracts/shared/constants';

import { WaitingForConnection } from '#web/components/waiting-for-connection.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { cn } from '#web/lib/utils.ts';

/** How a box is named and worded: the story's comment box by default, or a reply's. */
interface CommentBoxWords {
  /** The textarea's id (one per box on the page). */
  id: string;
  /** Its label; shown when `labelShown` (a reply box says whom it answers), else read out only. */
  label: string;
  labelShown?: boolean;
  submit: string;
  pending: string;
  placeholder: string;
}

const STORY_COMMENT_BOX: CommentBoxWords = {
  id: 'comment',
  label: 'Your comment',
  submit: 'Post Comment',
  pending: 'Posting...',
  placeholder: "Who's right, and why? Keep it kind.",
};

/**
 * The comment box: non-blank after trimming; the button is disabled while pending. Offline, the
 * comment waits (`waiting`): the text stays, read-only, the box says it will be posted when the
 * connection is back, and Cancel stops waiting. A reply box has Cancel beside its button too
 * (`onDismiss`), takes the focus when it opens, and Escape closes it.
 */
export function CommentForm({
  pending,
  waiting = false,
  onCancel,
  onDismiss,
  onSubmit,
  words = STORY_COMMENT_BOX,
  initial = '',
}: {
  pending: boolean;
  waiting?: boolean;
  onCancel?: () => void;
  onDismiss?: () => void;
  onSubmit: (content: string, done: () => void) => void;
  words?: CommentBoxWords;
  initial?: string;
}) {
  const [content, setContent] = useState(initial);
  const box = useRef<HTMLTextAreaElement>(null);
  const opened = onDismiss !== undefined;
  // A reply or edit box opens on the member's request: the focus goes where they will type.
  useEffect(() => {
    if (opened) box.current?.focus();
  }, [opened]);
  const blank = content.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || pending || waiting) return;
    onSubmit(content.trim(), () => setContent(''));
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor={words.id} className={words.labelShown ? undefined : 'sr-only'}>
        {words.label}
      </Label>
      <Textarea
        id={words.id}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onDismiss && !waiting) onDismiss();
        }}
        readOnly={waiting}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        ref={box}
        placeholder={words.placeholder}
        className="min-h-24 resize-none"
      />
      {waiting ? (
        <WaitingForConnection>
          Your comment will be posted when you&apos;re back online.
        </WaitingForConnection>
      ) : null}
      {/* Waiting, the two buttons are wider than a phone: stacked there, as a dialog's are. */}
      <div className={cn('flex justify-end gap-2', waiting && 'max-sm:flex-col-reverse')}>
        {waiting || onDismiss ? (
          <Button type="button" variant="outline" onClick={waiting ? onCancel : onDismiss}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={blank || pending || waiting}>
          <SendIcon />
          {waiting ? 'Waiting for connection...' : pending ? words.pending : words.submit}
        </Button>
      </div>
    </form>
  );
}
