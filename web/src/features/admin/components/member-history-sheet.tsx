/**
 * The member history side sheet: counts, every decision about the member and the reports against
 * their writing (what, who, why, when), and admins' private notes with a form to add one.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { NotebookPenIcon } from 'lucide-react';
import type {
  MemberHistory,
  MemberHistoryEntry,
  MemberNote,
  MemberNotesPage,
} from '@whosright/contracts/member-history/dto';
import { MEMBER_NOTE_MAX } from '@whosright/contracts/shared/constants';
import type { ModerationAction } from '@whosright/contracts/moderation/dto';
import { REPORT_REASONS } from '@whosright/contracts/report/reasons';

import { PagedList } from '#web/components/paged-list.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#web/components/ui/sheet.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { banSentence } from '#web/lib/ban.ts';
import { useAddMemberNote } from '#web/features/admin/api/add-member-note.ts';
import { useMemberHistory } from '#web/features/admin/api/get-member-history.ts';
import { useMemberNotes } from '#web/features/admin/api/get-member-notes.ts';
import { REPORT_OUTCOME } from '#web/features/admin/components/report-outcome.ts';

/** Who the sheet is about: the id, and the name the list showed (the title while it loads). */
export interface MemberRef {
  id: string;
  name: string;
}

const WHAT: Record<ModerationAction, string> = {
  'story.approve': 'Story approved',
  'story.reject': 'Story rejected',
  'story.hide': 'Story hidden',
  'story.pending': 'Story sent back to pending',
  'story.delete': 'Story deleted',
  'comment.delete': 'Comment deleted',
  'comment.keep': 'Flagged comment kept',
  'comment.approve': 'Held comment approved',
  'comment.edit': 'Comment edited',
  'rule.create': 'Automod rule created',
  'rule.update': 'Automod rule changed',
  'rule.delete': 'Automod rule deleted',
  'report.dismiss': 'Reports dismissed',
  'user.ban': 'Banned',
  'user.unban': 'Unbanned',
  'user.promote': 'Promoted to admin',
  'user.demote': 'Demoted to member',
};

const REASON_LABEL = new Map<string, string>(REPORT_REASONS.map((r) => [r.value, r.label]));

const COUNTS: ReadonlyArray<[keyof MemberHistory['counts'], string]> = [
  ['storiesRejected', 'Stories rejected'],
  ['storiesHidden', 'Stories hidden'],
  ['commentsDeleted', 'Comments deleted'],
  ['reports', 'Reports'],
  ['bans', 'Bans'],
  ['notes', 'Notes'],
];

function whoDecided(entry: Extract<MemberHistoryEntry, { kind: 'decision' }>): string {
  if (entry.by) return entry.by.displayName;
  if (entry.source === 'cli') return 'the admin command line';
  if (entry.source === 'admin_emails') return 'the ADMIN_EMAILS setting';
  return 'a former admin';
}

function Reason({ reason }: { reason: string | null }) {
  return reason ? (
    <span className="text-sm">
      <span className="font-medium">Reason:</span> {reason}
    </span>
  ) : (
    <span className="text-sm text-muted-foreground">No reason given</span>
  );
}

function EntryItem({ entry }: { entry: MemberHistoryEntry }) {
  if (entry.kind === 'decision')
    return (
      <>
        <span className="font-medium">
          {WHAT[entry.action]} by {whoDecided(entry)}
        </span>
        <span className="text-sm text-muted-foreground">
          <TimeAgo at={entry.at} />
        </span>
        {entry.target.type === 'user' ? null : (
          <span className="line-clamp-2 rounded-md bg-muted px-2 py-1 text-sm break-words">
            {entry.target.label}
          </span>
        )}
        {entry.reason || entry.action !== 'story.approve' ? <Reason reason={entry.reason} /> : null}
      </>
    );
  const reasons = entry.reasons.map((reason) => REASON_LABEL.get(reason) ?? reason).join(', ');
  const reports = entry.count === 1 ? '1 report' : `${entry.count} reports`;
  return (
    <>
      <span className="font-medium">
        {reports} on their {entry.target.type} ({reasons})
      </span>
      <span className="text-sm text-muted-foreground">
        <TimeAgo at={entry.at} />
      </span>
      {entry.outcome ? (
        <>
          <span className="text-sm">
            {REPORT_OUTCOME[entry.outcome.action]} by{' '}
            {entry.outcome.by?.displayName ?? 'a former admin'}
          </span>
          <Reason reason={entry.outcome.reason} />
        </>
      ) : (
        <Badge variant="outline" className="w-fit">
          Open
        </Badge>
      )}
    </>
  );
}

function NoteForm({ memberId, name }: { memberId: string; name: string }) {
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const add = useAddMemberNote(memberId);
  const id = useId();
  const blank = text.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || add.isPending) return;
    add.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        field.current?.focus();
      },
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor={id}>Add a private note</Label>
      <Textarea
        ref={field}
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MEMBER_NOTE_MAX}
        rows={3}
        aria-describedby={`${id}-count`}
        placeholder={`Only admins see this, never ${name}.`}
        className="min-h-20 resize-none"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-count`} className="text-sm text-muted-foreground tabular-nums">
          {text.length} / {MEMBER_NOTE_MAX}
        </span>
        <Button type="submit" size="sm" disabled={blank || add.isPending}>
          <NotebookPenIcon aria-hidden="true" />
          {add.isPending ? 'Adding...' : 'Add note'}
        </Button>
      </div>
    </form>
  );
}

function NoteItem({ note }: { note: MemberNote }) {
  return (
    <div className="grid gap-1 rounded-lg border bg-card p-3">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-medium">{note.author?.displayName ?? 'A former admin'}</span>
        <span className="text-muted-foreground">
          <TimeAgo at={note.at} />
        </span>
      </p>
      <p className="text-sm leading-relaxed break-words whitespace-pre-line">{note.text}</p>
    </div>
  );
}

/** The notes, newest first: the page the history carried, and the older ones on request. */
function NoteList({ memberId, firstPage }: { memberId: string; firstPage: MemberNotesPage }) {
  const notes = useMemberNotes(memberId, firstPage);
  return (
    <PagedList
      query={notes}
      label="Notes"
      empty="No notes yet."
      render={(note) => <NoteItem note={note} />}
      errorText="The older notes could not be loaded."
      skeleton={{ count: 1, className: 'h-16' }}
      more="Show more"
    />
  );
}

function HistoryBody({ history, name }: { history: MemberHistory; name: string }) {
  const { user } = history;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
            {user.role === 'admin' ? 'Admin' : 'User'}
          </Badge>
          {user.status === 'banned' ? <Badge variant="destructive">Banned</Badge> : null}
          {user.status === 'deleted' ? <Badge variant="outline">Account deleted</Badge> : null}
          {user.email ? (
            <span className="min-w-0 truncate text-sm text-muted-foreground">{user.email}</span>
          ) : null}
        </p>
        {user.status === 'banned' ? (
          <p className="text-sm text-muted-foreground">
            {banSentence(user.ban ?? undefined, 'Banned')}
          </p>
        ) : null}
      </div>
      <dl className="grid grid-cols-3 gap-2">
        {COUNTS.map(([key, label]) => (
          <div key={key} className="grid content-start gap-0.5 rounded-lg bg-muted px-2 py-2">
            <dt className="text-xs leading-tight text-muted-foreground">{label}</dt>
            <dd className="font-display text-lg font-bold tabular-nums">{history.counts[key]}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="member-history-timeline" className="grid gap-3">
        <h3 id="member-history-timeline" className="font-semibold">
          Timeline
        </h3>
        {history.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No moderation decisions or reports yet.</p>
        ) : (
          <ol className="grid gap-3 border-l-2 border-border pl-4">
            {history.entries.map((entry) => (
              <li key={`${entry.kind}-${entry.id}`} className="relative grid gap-0.5">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-primary"
                />
                <EntryItem entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="member-history-notes" className="grid gap-3">
        <h3 id="member-history-notes" className="font-semibold">
          Private notes
        </h3>
        {user.status === 'deleted' ? (
          <p className="text-sm text-muted-foreground">
            The notes were forgotten with the account.
          </p>
        ) : (
          <>
            <NoteForm memberId={user.id} name={name} />
            <NoteList memberId={user.id} firstPage={history.notes} />
          </>
        )}
      </section>
    </div>
  );
}

export function MemberHistorySheet({
  member,
  onClose,
}: {
  member: MemberRef | null;
  onClose: () => void;
}) {
  const history = useMemberHistory(member?.id ?? null);
  const title = useRef<HTMLHeadingElement>(null);
  const name = history.data?.user.displayName ?? member?.name ?? '';
  return (
    <Sheet open={member !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        onOpenAutoFocus={(event) => {
          // The title, not the note box: a phone's keyboard would cover the sheet.
          event.preventDefault();
          title.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle ref={title} tabIndex={-1} className="outline-none">
            {name}
          </SheetTitle>
          <SheetDescription>
            Every decision about this member, the reports against their writing, and admins&apos;
            private notes.
          </SheetDescription>
        </SheetHeader>
        {history.isPending ? (
          <div role="status" aria-label="Loading member history" className="grid gap-3">
            <Skeleton rounded="lg" className="h-20 w-full" />
            <Skeleton rounded="lg" className="h-40 w-full" />
          </div>
        ) : history.isError ? (
          <p className="text-muted-foreground">This member&apos;s history could not be loaded.</p>
        ) : (
          <HistoryBody history={history.data} name={name} />
        )}
      </SheetContent>
    </Sheet>
  );
}
