import type { ReservationEvent } from '@whosright/contracts/account/events';

/**
 * A reservation stream (`email-{hash}`, `username-{hash}`, `identity-{hash}`): who holds the
 * unique value. A claim on a value someone holds changes nothing; the caller then asks who holds
 * it. Only the holder can release it (a username given up when its owner picks another).
 */
export interface ReservationState {
  holder: string | null;
}

export interface ClaimReservation {
  type: 'ClaimReservation';
  userId: string;
}

export interface ReleaseReservation {
  type: 'ReleaseReservation';
  userId: string;
}

export type ReservationCommand = ClaimReservation | ReleaseReservation;

export const reservation = {
  initialState: (): ReservationState => ({ holder: null }),
  evolve: (_state: ReservationState, event: ReservationEvent): ReservationState => ({
    holder: event.type === 'ReservationClaimed' ? event.data.userId : null,
  }),
  decide(command: ReservationCommand, state: ReservationState): ReservationEvent[] {
    switch (command.type) {
      case 'ClaimReservation':
        if (state.holder !== null) return [];
        return [{ type: 'ReservationClaimed', data: { userId: command.userId } }];
      case 'ReleaseReservation':
        if (state.holder !== command.userId) return [];
        return [{ type: 'ReservationReleased', data: { userId: command.userId } }];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};
