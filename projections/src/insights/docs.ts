import type { Doc } from '../store/port';

/** The admin's insights read model: activity per day, and each story's lead. */
export const INSIGHTS = 'insights';
/** One document per UTC day (`YYYY-MM-DD`): what happened that day. */
export const DAYS = 'days';
/** One document per story: its status and votes, and who leads (`lead`, derived). */
export const LEADS = 'leads';

export interface DayDoc extends Doc {
  votes?: number;
  stories?: number;
  comments?: number;
  signups?: number;
}

/** Who leads an approved story: `none` before its first vote; `off` for a story not public. */
export type Lead = 'he' | 'she' | 'tied' | 'none' | 'off';

export interface LeadDoc extends Doc {
  status: string;
  he: number;
  she: number;
  lead: Lead;
}

/** The UTC day of an ISO moment: a day document's id. */
export const dayOf = (isoMoment: string) => isoMoment.slice(0, 10);
