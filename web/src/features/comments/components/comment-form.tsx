import { useState, type FormEvent } from 'react';
import { SendIcon } from 'lucide-react';
import { COMMENT_MAX_LENGTH } from '@whosright/contracts/shared/constants';

import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';

/** The comment box: non-blank after trimming; the button is disabled while pending. */
export function CommentForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (content: string, done: () => void) => void;
}) {
  const [content, setContent] = useState('');
  const blank = content.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || pending) return;
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
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        placeholder="Who's right, and why? Keep it kind."
        className="min-h-24 resize-none"
      />
      <Button type="submit" disabled={blank || pending} className="justify-self-end">
        <SendIcon />
        {pending ? 'Posting...' : 'Post Comment'}
      </Button>
    </form>
  );
}
