import type { Doc, ReadCollection } from '../store/port';
import type { ReportRow } from '../runner/projection';
import { describeEntries } from './describe';
import { ENTRIES, TARGETS, type ModerationEntryDoc, type TargetDoc } from './docs';

/** What `npm run replay -- moderation-log [--until ...]` prints: the log, newest first. */
export async function moderationLogReport(
  collection: (name: string) => ReadCollection<Doc>,
): Promise<ReportRow[]> {
  const entries = collection(ENTRIES) as ReadCollection<ModerationEntryDoc>;
  const targets = collection(TARGETS) as ReadCollection<TargetDoc>;
  const rows: ReportRow[] = [];
  let after: string | undefined;
  do {
    const page = await entries.find(
      {},
      { sort: [['at', -1]], limit: 500, ...(after ? { after } : {}) },
    );
    for (const e of await describeEntries(page.items, targets)) {
      rows.push({
        at: e.at,
        actor: e.actor?.displayName ?? (e.source === 'cli' ? 'admin CLI' : 'ADMIN_EMAILS'),
        action: e.action,
        target: e.target.id,
        label: e.target.label,
        reason: e.reason ?? '',
      });
    }
    after = page.next;
  } while (after);
  return rows;
}
