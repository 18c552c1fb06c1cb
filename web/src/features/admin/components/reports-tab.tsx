/**
 * Reports: members' reports grouped by the story or comment they name, with the count, the
 * reasons, every note and the target's text and link. An open one is dismissed, or closed by
 * hiding the story / deleting the comment, or by banning its author; a closed one says what was
 * done, by whom and why.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { BanIcon, CheckIcon, EyeOffIcon, Trash2Icon, type LucideIcon } from 'lucide-react';
import type { ReportedTarget } from '@whosright/contracts/report/dto';
import { REPORT_REASONS, type ReportReason } from '@whosright/contracts/report/reasons';

import { ConfirmActionDialog } from '#web/components/confirm-action-dialog.tsx';
import { PagedList } from '#web/components/paged-list.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useCloseReports, type CloseReports } from '#web/features/admin/api/close-reports.ts';
import { useReports } from '#web/features/admin/api/get-admin-lists.ts';
import { FilterButtons } from '#web/features/admin/components/filter-buttons.tsx';
import { MemberHistoryButton } from '#web/features/admin/components/member-history-button.tsx';
import type { MemberRef } from '#web/features/admin/components/member-history-sheet.tsx';
import { REPORT_OUTCOME } from '#web/features/admin/components/report-outcome.ts';
import { EarlierVersions } from '#web/features/admin/components/earlier-versions.tsx';

type Status = 'open' | 'closed';

const STATUS_OPTIONS: ReadonlyArray<{ value: Status; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const reasonLabel = (reason: ReportReason) =>
  REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;

interface ActionDialog {
  action: CloseReports['action'];
  icon: LucideIcon;
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  /** Dismissing lets the target stand; the others are sanctions. */
  sanction: boolean;
}

function dialogsFor(item: ReportedTarget): ActionDialog[] {
  const what = item.targetType;
  const author = item.author?.displayName ?? 'the author';
  const remove: ActionDialog =
    what === 'story'
      ? {
          action: 'hide',
          icon: EyeOffIcon,
          label: 'Hide story',
          title: 'Hide this story?',
          description: 'Readers no longer see it; its author sees it hidden on their profile.',
          confirmLabel: 'Hide story',
          sanction: true,
        }
      : {
          action: 'delete',
          icon: Trash2Icon,
          label: 'Delete comment',
          title: 'Delete this comment?',
          description: 'It is removed from the story for everyone. This cannot be undone.',
          confirmLabel: 'Delete comment',
          sanction: true,
        };
  return [
    {
      action: 'dismiss',
      icon: CheckIcon,
      label: 'Dismiss',
      title: 'Dismiss these reports?',
      description: `The ${what} stays as it is and every open report on it is closed.`,
      confirmLabel: 'Dismiss reports',
      sanction: false,
    },
    remove,
    {
      action: 'ban',
      icon: BanIcon,
      label: 'Ban author',
      title: `Ban ${author}?`,
      description: `Their sessions end and they can no longer post, vote or report. The ${what} stays until you act on it.`,
      confirmLabel: 'Ban author',
      sanction: true,
    },
  ];
}

function Actions({ item }: { item: ReportedTarget }) {
  const close = useCloseReports();
  return (
    <div className="flex flex-wrap gap-2">
      {dialogsFor(item).map(({ action, icon: Icon, label, sanction, ...dialog }) => (
        <ConfirmActionDialog
          key={action}
          trigger={
            <Button size="sm" variant={action === 'ban' ? 'destructive' : 'outline'}>
              <Icon aria-hidden="true" />
              {label}
            </Button>
          }
          {...dialog}
          confirmVariant={sanction ? 'destructive' : 'default'}
          pending={close.isPending}
          onConfirm={(reason) =>
            close.mutate({
              id: item.id,
              targetType: item.targetType,
              targetId: item.targetId,
              action,
              reason,
            })
          }
        />
      ))}
    </div>
  );
}

type OnMemberHistory = (member: MemberRef) => void;

function ReportCard({
  item,
  onMemberHistory,
}: {
  item: ReportedTarget;
  onMemberHistory: OnMemberHistory;
}) {
  const { author } = item;
  const kind = item.targetType === 'story' ? 'Story' : 'Comment';
  return (
    <article
      aria-label={`${kind} reported ${item.count} time${item.count === 1 ? '' : 's'}`}
      className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <Badge variant="outline">{kind}</Badge>
        <span className="font-semibold">
          {item.count} report{item.count === 1 ? '' : 's'}
        </span>
        <span className="text-muted-foreground">
          last <TimeAgo at={item.lastReportedAt} />
        </span>
        <ul aria-label="Reasons" className="flex flex-wrap gap-1.5">
          {item.reasons.map(({ reason, count }) => (
            <li key={reason}>
              <Badge variant="secondary">
                {reasonLabel(reason)}
                {count > 1 ? ` × ${count}` : ''}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
        <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
          By {author?.displayName ?? 'a deleted member'}
          {author ? (
            <MemberHistoryButton
              name={author.displayName}
              onClick={() => onMemberHistory({ id: author.id, name: author.displayName })}
            />
          ) : null}
        </p>
        {item.text === null ? (
          <p className="text-muted-foreground italic">This {kind.toLowerCase()} is gone.</p>
        ) : (
          <p className="leading-relaxed text-pretty break-words whitespace-pre-line text-foreground">
            {item.text}
          </p>
        )}
        <EarlierVersions versions={item.earlierVersions} />
        <Link
          to="/story/$id"
          params={{ id: item.storyId }}
          className="w-max rounded-sm underline underline-offset-4 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          {item.targetType === 'story' ? 'Open the story' : 'Open its story'}
        </Link>
      </div>
      <ul aria-label="Reports" className="grid gap-2 text-sm">
        {item.reports.map((report, i) => (
          <li key={report.reporter?.id ?? i} className="grid gap-0.5">
            <p>
              <span className="font-semibold">
                {report.reporter?.displayName ?? 'A deleted member'}
              </span>
              <span className="text-muted-foreground">
                {' '}
                · {reasonLabel(report.reason)} · <TimeAgo at={report.at} />
              </span>
            </p>
            {report.note ? (
              <p className="break-words whitespace-pre-line text-muted-foreground">{report.note}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {item.closed ? (
        <p className="text-sm">
          <span className="font-semibold">{REPORT_OUTCOME[item.closed.action]}</span>
          <span className="text-muted-foreground">
            {' '}
            by {item.closed.by?.displayName ?? 'a deleted admin'} <TimeAgo at={item.closed.at} />
            {item.closed.reason ? `: ${item.closed.reason}` : ''}
          </span>
        </p>
      ) : (
        <Actions item={item} />
      )}
    </article>
  );
}

function ReportList({
  status,
  onMemberHistory,
}: {
  status: Status;
  onMemberHistory: OnMemberHistory;
}) {
  return (
    <PagedList
      query={useReports(status)}
      label={status === 'open' ? 'Open reports' : 'Closed reports'}
      empty={status === 'open' ? 'No open reports' : 'No closed reports yet'}
      render={(item) => <ReportCard item={item} onMemberHistory={onMemberHistory} />}
    />
  );
}

export function ReportsTab({ onMemberHistory }: { onMemberHistory: OnMemberHistory }) {
  const [status, setStatus] = useState<Status>('open');
  return (
    <div className="grid gap-4">
      <FilterButtons
        label="Show reports"
        options={STATUS_OPTIONS}
        active={status}
        onChange={setStatus}
      />
      <ReportList key={status} status={status} onMemberHistory={onMemberHistory} />
    </div>
  );
}
