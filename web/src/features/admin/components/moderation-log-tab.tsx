/** Moderation Log: every admin decision, newest first, by action and by admin. */
import { useId, useState } from 'react';
import { MODERATION_ACTIONS } from '@whosright/contracts/moderation/actions';
import type { ModerationAction, ModerationLogEntry } from '@whosright/contracts/moderation/dto';

import { PagedList } from '#web/components/paged-list.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';
import { Label } from '#web/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx';
import { userDisplayName } from '#web/components/user-avatar.tsx';
import type { ModerationLogFilters } from '#web/features/admin/api/admin-keys.ts';
import { useAdmins, useModerationLog } from '#web/features/admin/api/get-admin-lists.ts';
import { HistoryButton } from '#web/features/admin/components/history-button.tsx';
import { MemberHistoryButton } from '#web/features/admin/components/member-history-button.tsx';
import type { MemberRef } from '#web/features/admin/components/member-history-sheet.tsx';

export const ACTION_LABEL: Record<ModerationAction, string> = {
  'story.approve': 'Approved a story',
  'story.reject': 'Rejected a story',
  'story.hide': 'Hid a story',
  'story.pending': 'Sent a story back to pending',
  'story.delete': 'Deleted a story',
  'comment.delete': 'Deleted a comment',
  'comment.keep': 'Kept a flagged comment',
  'comment.approve': 'Approved a held comment',
  'comment.edit': 'Edited their comment',
  'rule.create': 'Created an automod rule',
  'rule.update': 'Changed an automod rule',
  'rule.delete': 'Deleted an automod rule',
  'report.dismiss': 'Dismissed reports',
  'user.ban': 'Banned a user',
  'user.unban': 'Unbanned a user',
  'user.promote': 'Promoted a user to admin',
  'user.demote': 'Demoted an admin',
};

const ALL = 'all';

/** A member deleting their own story is listed so its comments' removal is not read as an admin's. */
function whatWasDone(entry: ModerationLogEntry): string {
  if (entry.source === 'author' && entry.action === 'story.delete')
    return 'Deleted their own story; its comments went with it';
  return ACTION_LABEL[entry.action];
}

function whoDid(entry: ModerationLogEntry): string {
  if (entry.actor) return entry.actor.displayName;
  return entry.source === 'cli' ? 'Admin command line' : 'ADMIN_EMAILS setting';
}

interface HistoryOpeners {
  onHistory: (storyId: string) => void;
  onMemberHistory: (member: MemberRef) => void;
}

/** The member a row is about, when the log knows them; named by the row's account label. */
function memberOf(entry: ModerationLogEntry): MemberRef | null {
  if (!entry.memberId) return null;
  const name = entry.target.type === 'user' ? entry.target.label : 'Author';
  return { id: entry.memberId, name };
}

function LogRow({
  entry,
  onHistory,
  onMemberHistory,
}: HistoryOpeners & { entry: ModerationLogEntry }) {
  const member = memberOf(entry);
  return (
    <article className="grid gap-2 rounded-xl border bg-card p-4">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold">{whoDid(entry)}</span>
        <span>{whatWasDone(entry)}</span>
        <span className="ml-auto text-sm text-muted-foreground">
          <TimeAgo at={entry.at} />
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
        <span className="min-w-0 flex-1 break-words">
          <span className="font-medium capitalize">{entry.target.type}:</span> {entry.target.label}
        </span>
        {entry.target.type === 'story' ? (
          <HistoryButton onClick={() => onHistory(entry.target.id)} />
        ) : null}
        {member ? (
          <MemberHistoryButton
            name={entry.target.type === 'user' ? member.name : `the ${entry.target.type}'s author`}
            onClick={() => onMemberHistory(member)}
          />
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">
        {entry.reason ? (
          <>
            <span className="font-medium text-foreground">Reason:</span> {entry.reason}
          </>
        ) : (
          'No reason given'
        )}
      </p>
    </article>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: Array<{ value: string; label: string }>;
  allLabel: string;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 flex-1 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value ?? ALL}
        onValueChange={(next) => onChange(next === ALL ? undefined : next)}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const isAction = (value: string | undefined): value is ModerationAction =>
  (MODERATION_ACTIONS as readonly string[]).includes(value ?? '');

export function ModerationLogTab({ onHistory, onMemberHistory }: HistoryOpeners) {
  const [filters, setFilters] = useState<ModerationLogFilters>({});
  const admins = useAdmins();
  const adminOptions = (admins.data?.pages ?? [])
    .flatMap((page) => page.items)
    .map((admin) => ({ value: admin.id, label: userDisplayName(admin) }));
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <FilterSelect
          label="Action"
          value={filters.action}
          allLabel="All actions"
          options={MODERATION_ACTIONS.map((action) => ({
            value: action,
            label: ACTION_LABEL[action],
          }))}
          onChange={(action) =>
            setFilters((old) => ({ ...old, action: isAction(action) ? action : undefined }))
          }
        />
        <FilterSelect
          label="Admin"
          value={filters.actor}
          allLabel="All admins"
          options={adminOptions}
          onChange={(actor) => setFilters((old) => ({ ...old, actor }))}
        />
      </div>
      <PagedList
        query={useModerationLog(filters)}
        label="Moderation log"
        empty="No moderation actions found"
        render={(entry) => (
          <LogRow entry={entry} onHistory={onHistory} onMemberHistory={onMemberHistory} />
        )}
      />
    </div>
  );
}
