import type { SessionEvent } from '@whosright/contracts/account/events';

/** A `session-{id}` stream: started once, renewed while used, ended once. */
export interface SessionState {
  started: boolean;
  ended: boolean;
}

export type SessionCommand =
  | {
      type: 'StartSession';
      sessionId: string;
      userId: string;
      method: 'password' | 'registration' | 'external';
      expiresAt: string;
      /** The user's credentials version when the sign-in was checked. */
      credentialsVersion: number;
    }
  | { type: 'RenewSession'; expiresAt: string }
  | { type: 'EndSession'; reason: 'logout' | 'expired' | 'account_deleted' };

export const session = {
  initialState: (): SessionState => ({ started: false, ended: false }),
  evolve(state: SessionState, event: SessionEvent): SessionState {
    switch (event.type) {
      case 'SessionStarted':
        return { ...state, started: true };
      case 'SessionRenewed':
        return state;
      case 'SessionEnded':
        return { ...state, ended: true };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
  decide(command: SessionCommand, state: SessionState): SessionEvent[] {
    switch (command.type) {
      case 'StartSession': {
        if (state.started) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'SessionStarted', data }];
      }
      case 'RenewSession':
        return state.started && !state.ended
          ? [{ type: 'SessionRenewed', data: { expiresAt: command.expiresAt } }]
          : [];
      case 'EndSession':
        return state.started && !state.ended
          ? [{ type: 'SessionEnded', data: { reason: command.reason } }]
          : [];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};
