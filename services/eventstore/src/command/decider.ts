/** A domain event as a decider sees it. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/** Pure decision logic for one stream (STYLE.md 3): no I/O, time comes from the command. */
export interface Decider<TState, TCommand, TEvent extends DomainEvent> {
  initialState(): TState;
  evolve(state: TState, event: TEvent): TState;
  decide(command: TCommand, state: TState): readonly TEvent[];
}
