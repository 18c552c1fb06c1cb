import { accountSlice } from '#api/account/slice';
import { automodSlice } from '#api/automod/slice';
import { commentSlice } from '#api/comment/slice';
import { followSlice } from '#api/follow/slice';
import { insightsSlice } from '#api/insights/slice';
import { memberHistorySlice } from '#api/member-history/slice';
import { moderationSlice } from '#api/moderation/slice';
import { notificationSlice } from '#api/notification/slice';
import { replaySlice } from '#api/replay/slice';
import { reportSlice } from '#api/report/slice';
import { savedSlice } from '#api/saved/slice';
import { searchSlice } from '#api/search/slice';
import { storySlice } from '#api/story/slice';
import type { RejectionsByContext } from '#api/write/command-bus';
import type { ServiceDeps, Slice, SlicePorts } from '#api/wiring/slice';

/**
 * Every API slice, the one list a new slice joins. Search comes first: `/stories/search` must be
 * matched before the story slice's `/stories/:id`. Story and comment routes come next: they
 * carry most of the traffic; start-up work runs in this order too (story deletions a crash
 * interrupted are finished before the account deletions that may have started them).
 */
export const slices: readonly Slice[] = [
  searchSlice,
  storySlice,
  commentSlice,
  accountSlice,
  moderationSlice,
  memberHistorySlice,
  notificationSlice,
  reportSlice,
  replaySlice,
  automodSlice,
  savedSlice,
  followSlice,
  insightsSlice,
];

/** Every slice's refusals, by the context its deciders name: what the command bus applies. */
export const rejections: RejectionsByContext = Object.assign(
  {},
  ...slices.map((slice) => slice.rejections ?? {}),
) as RejectionsByContext;

/**
 * The slices' write services over `deps.bus`: the requests' bus, which waits for the read models
 * a request reads back, or the demo seed's, which waits for none. Each slice reads the others'
 * from the answer when it is called, so they may name each other in any order.
 */
export function servicesOf(deps: ServiceDeps): SlicePorts {
  const ports = {} as SlicePorts;
  for (const slice of slices) Object.assign(ports, slice.services?.(deps, ports));
  return ports;
}
