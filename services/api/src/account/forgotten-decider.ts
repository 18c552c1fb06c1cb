import type { ForgettingEvent } from '@whosright/contracts/account/events';

/**
 * The registry of deleted members (`forgottenUsers`): each member is recorded once,
 * so a deletion resumed after a crash records nobody twice.
 */
export interface ForgottenState {
  users: ReadonlySet<string>;
}

export interface ForgetUser {
  type: 'ForgetUser';
  userId: string;
  storyIds: readonly string[];
  commentIds: readonly string[];
}

export const forgottenUsers = {
  initialState: (): ForgottenState => ({ users: new Set() }),
  evolve: (state: ForgottenState, event: ForgettingEvent): ForgottenState => ({
    users: new Set([...state.users, event.data.userId]),
  }),
  decide(command: ForgetUser, state: ForgottenState): ForgettingEvent[] {
    if (state.users.has(command.userId)) return [];
    return [
      {
        type: 'UserForgotten',
        data: {
          userId: command.userId,
          storyIds: [...command.storyIds],
          commentIds: [...command.commentIds],
        },
      },
    ];
  },
};
