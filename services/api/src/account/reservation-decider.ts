import type { ReservationEvent } from '@whosright/contracts/account/events';

/**
 * A reservation stream (`email-{hash}`, `identity-{hash}`): who holds the unique value. A claim
 * on a value someone holds changes nothing; the caller then asks who holds it.
 */
export interface ReservationState {
  holder: string | null;
}

export interface ClaimReservation {
  type: 'ClaimReservation';
  userId: string;
}

export const reservation = {
  initialState: (): ReservationState => ({ holder: null }),
  evolve: (_state: ReservationState, event: ReservationEvent): ReservationState => ({
    holder: event.type === 'ReservationClaimed' ? event.data.userId : null,
  }),
  decide(command: ClaimReservation, state: ReservationState): ReservationEvent[] {
    if (state.holder !== null) return [];
    return [{ type: 'ReservationClaimed', data: { userId: command.userId } }];
  },
};
