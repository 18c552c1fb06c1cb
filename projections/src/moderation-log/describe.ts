import { displayNameOf } from '@whosright/contracts/account/display-name';
import type { ModerationLogEntry } from '@whosright/contracts/moderation/dto';
import type { ReadCollection } from '../store/port';
import { targetKey, type ModerationEntryDoc, type TargetDoc } from './docs';

/** The entries with their actors' display names and their targets' labels: one lookup of both. */
export async function describeEntries(
  entries: readonly ModerationEntryDoc[],
  targets: ReadCollection<TargetDoc>,
): Promise<ModerationLogEntry[]> {
  const keys = new Set<string>();
  for (const e of entries) {
    keys.add(targetKey(e.targetType, e.targetId));
    if (e.actorId) keys.add(targetKey('user', e.actorId));
  }
  const found = keys.size
    ? (await targets.find({ _id: { $in: [...keys] } }, { limit: keys.size })).items
    : [];
  const byKey = new Map(found.map((doc) => [doc._id, doc]));
  return entries.map((e) => {
    const target = byKey.get(targetKey(e.targetType, e.targetId));
    return {
      id: e._id,
      at: e.at,
      actor: e.actorId
        ? { id: e.actorId, displayName: displayNameOf(byKey.get(targetKey('user', e.actorId))) }
        : null,
      source: e.source,
      action: e.action,
      target: {
        type: e.targetType,
        id: e.targetId,
        label: e.targetType === 'user' ? displayNameOf(target) : (target?.excerpt ?? ''),
      },
      memberId: e.memberId ?? (e.targetType === 'user' ? e.targetId : (target?.authorId ?? null)),
      reason: e.reason,
    };
  });
}
