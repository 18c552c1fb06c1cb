import { describe, it } from 'vitest';
import { deciderSpec } from '#api/testing/decider-spec';
import { reservation } from './reservation-decider';

const ann = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const ben = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const claimed = (userId: string) => ({ type: 'ReservationClaimed' as const, data: { userId } });
const released = (userId: string) => ({ type: 'ReservationReleased' as const, data: { userId } });

describe('reservation decider', () => {
  const spec = deciderSpec(reservation);

  it('when nobody holds the value it gives it to the claimant', () => {
    spec
      .given([])
      .when({ type: 'ClaimReservation', userId: ann })
      .then([claimed(ann)]);
  });

  it('when someone holds the value a claim changes nothing', () => {
    spec
      .given([claimed(ann)])
      .when({ type: 'ClaimReservation', userId: ben })
      .thenNothingHappens();
  });

  it('when the holder released the value another member can claim it', () => {
    spec
      .given([claimed(ann), released(ann)])
      .when({ type: 'ClaimReservation', userId: ben })
      .then([claimed(ben)]);
  });

  it('when the holder gives the value up it is released', () => {
    spec
      .given([claimed(ann)])
      .when({ type: 'ReleaseReservation', userId: ann })
      .then([released(ann)]);
  });

  it('when someone other than the holder releases the value nothing happens', () => {
    spec
      .given([claimed(ann)])
      .when({ type: 'ReleaseReservation', userId: ben })
      .thenNothingHappens();
    spec.given([]).when({ type: 'ReleaseReservation', userId: ann }).thenNothingHappens();
  });
});
