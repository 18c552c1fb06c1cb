import { SPLIT_VERDICT_MAX_PERCENT } from '../shared/constants';
import type { Verdict } from '../story/rules';
import type { SearchVerdict } from './dto';

/**
 * Whether a story's verdict, as the reader sees it on its card, is the one the search keeps: a
 * story whose verdict the reader may not see yet (see `feedVerdict`) is kept by none, so a
 * search never tells a young story's result before the reader judged it.
 */
export function matchesVerdict(verdict: Verdict | null, wanted: SearchVerdict): boolean {
  if (!verdict) return false;
  const split = verdict.leader === null || verdict.percent <= SPLIT_VERDICT_MAX_PERCENT;
  return wanted === 'split' ? split : !split && verdict.leader === wanted;
}
