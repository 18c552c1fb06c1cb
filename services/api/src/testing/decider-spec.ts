import { expect } from 'vitest';

interface Decider<C, E, S> {
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
}

/**
 * Given / when / then for a pure decider (the Emmett DeciderSpecification shape):
 * `spec.given(pastEvents).when(command).then(expectedEvents)` or `.thenThrows(matcher)`.
 */
export function deciderSpec<C, E, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      const state = events.reduce(
        (state, event) => decider.evolve(state, event),
        decider.initialState(),
      );
      return {
        when(command: C) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenNothingHappens() {
              expect(run()).toEqual([]);
            },
            thenThrows(matcher: (error: unknown) => boolean) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown, 'the command should have been rejected').toBeDefined();
              expect(matcher(thrown)).toBe(true);
            },
          };
        },
      };
    },
  };
}
