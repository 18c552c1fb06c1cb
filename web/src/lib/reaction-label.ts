import type { ReactionType } from '@whosright/contracts/story/events';

const LABELS: Record<ReactionType, string> = { relatable: 'Relatable', lol: 'LOL', wtf: 'WTF' };

/** The reactions in the order every screen shows them. */
export const REACTION_TYPES = Object.keys(LABELS) as readonly ReactionType[];

/** "Relatable", "LOL", "WTF": the chips under a story and the author's counters. */
export function reactionLabel(type: ReactionType): string {
  return LABELS[type];
}
