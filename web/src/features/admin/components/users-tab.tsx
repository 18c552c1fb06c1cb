/**
 * User Management: search and a filter (All, Admins, Members, Banned), then Promote or Demote,
 * Ban User or Unban, per account; each asks for confirmation and an optional reason (Unban undoes
 * at once). An admin's own row offers no Demote or Ban (the server refuses both). Each row says
 * when the account joined; a banned one says when and why beside Unban. History opens the
 * member's record.
 */
import { useId, useState } from 'react';
import { BanIcon, SearchIcon, ShieldCheckIcon, ShieldMinusIcon, UndoIcon } from 'lucide-react';
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { PagedList } from '#web/components/paged-list.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { UserAvatar, userDisplayName } from '#web/components/user-avatar.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { banSentence } from '#web/lib/ban.ts';
import { useChangeUser } from '#web/features/admin/api/change-user.ts';
import { useAdminUsers } from '#web/features/admin/api/get-admin-lists.ts';
import type { UserFilter } from '#web/features/admin/api/admin-keys.ts';
import { FilterButtons } from '#web/features/admin/components/filter-buttons.tsx';
import { MemberHistoryButton } from '#web/features/admin/components/member-history-button.tsx';
import type { MemberRef } from '#web/features/admin/components/member-history-sheet.tsx';
import { ConfirmActionDialog } from '#web/components/confirm-action-dialog.tsx';

const SEARCH_DELAY_MS = 300;
const joinedFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

const USER_FILTER_OPTIONS: ReadonlyArray<{ value: UserFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'admins', label: 'Admins' },
  { value: 'members', label: 'Members' },
  { value: 'banned', label: 'Banned' },
];

function UserRow({
  user,
  isMe,
  onHistory,
}: {
  user: CurrentUser;
  isMe: boolean;
  onHistory: (member: MemberRef) => void;
}) {
  const change = useChangeUser();
  const name = userDisplayName(user);
  const banned = user.status === 'banned';
  const admin = user.role === 'admin';
  return (
    // The details keep 13rem: on a phone the buttons wrap below them instead of squeezing them.
    <article className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4">
      <UserAvatar user={user} size="lg" />
      <div className="grid min-w-0 flex-1 basis-52 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-semibold">{name}</span>
          <Badge variant={admin ? 'default' : 'secondary'}>{admin ? 'Admin' : 'User'}</Badge>
          {banned ? <Badge variant="destructive">Banned</Badge> : null}
          {isMe ? <Badge variant="outline">You</Badge> : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        <p className="text-sm text-muted-foreground">
          Joined{' '}
          <time dateTime={user.createdAt}>{joinedFormat.format(new Date(user.createdAt))}</time>
        </p>
      </div>
      <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
        <MemberHistoryButton name={name} onClick={() => onHistory({ id: user.id, name })} />
        {isMe ? null : admin ? (
          <ConfirmActionDialog
            trigger={
              <Button size="sm" variant="outline">
                <ShieldMinusIcon aria-hidden="true" />
                Demote
              </Button>
            }
            title={`Demote ${name}?`}
            description="They become a regular user and lose the admin panel and dashboard."
            confirmLabel="Demote"
            onConfirm={(reason) => change.mutate({ id: user.id, action: 'demote', reason })}
          />
        ) : (
          <ConfirmActionDialog
            trigger={
              <Button size="sm" variant="outline">
                <ShieldCheckIcon aria-hidden="true" />
                Promote
              </Button>
            }
            title={`Promote ${name}?`}
            description="They become an admin: the admin panel and dashboard, moderation of every story, comment and user."
            confirmLabel="Promote"
            confirmVariant="default"
            onConfirm={(reason) => change.mutate({ id: user.id, action: 'promote', reason })}
          />
        )}
        {banned ? (
          // On a phone the sentence leads, on its own line, above Promote and Unban.
          <p className="text-sm text-muted-foreground max-sm:order-first max-sm:basis-full sm:max-w-72">
            {banSentence(user.ban, 'Banned')}
          </p>
        ) : null}
        {banned ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => change.mutate({ id: user.id, action: 'unban' })}
          >
            <UndoIcon aria-hidden="true" />
            Unban
          </Button>
        ) : isMe ? null : (
          <ConfirmActionDialog
            trigger={
              <Button size="sm" variant="ghost-destructive">
                <BanIcon aria-hidden="true" />
                Ban User
              </Button>
            }
            title={`Ban ${name}?`}
            description="They are signed out everywhere and can read but no longer post, vote or comment."
            confirmLabel="Ban user"
            onConfirm={(reason) => change.mutate({ id: user.id, action: 'ban', reason })}
          />
        )}
      </div>
    </article>
  );
}

export function UsersTab({
  currentUserId,
  onHistory,
}: {
  currentUserId: string;
  onHistory: (member: MemberRef) => void;
}) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const query = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DELAY_MS);
  const searchId = useId();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Label htmlFor={searchId} className="sr-only">
          Search users
        </Label>
        <div className="relative min-w-0 flex-1 basis-64">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by e-mail, username or name"
            className="pl-9"
          />
        </div>
        <FilterButtons
          label="Show users"
          options={USER_FILTER_OPTIONS}
          active={filter}
          onChange={setFilter}
        />
      </div>
      <PagedList
        query={useAdminUsers(query, filter)}
        label="Users"
        empty="No users found"
        render={(user) => (
          <UserRow user={user} isMe={user.id === currentUserId} onHistory={onHistory} />
        )}
      />
    </div>
  );
}
