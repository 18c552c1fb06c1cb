/** One request made during a turn, and how to answer it. */
export interface Asked<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * What is asked for during one turn of the event loop, sent together once the turn is over: on
 * PostgreSQL each round trip costs both processes a wake-up, more than a few more rows do, and
 * concurrent requests ask for much the same at nearly the same moment. Being sent after the turn,
 * a query sees every commit its askers waited for before asking. If `send` fails, every request it
 * did not answer fails with that error.
 */
export class TurnBatch<T, R> {
  private asked: Array<Asked<T, R>> = [];

  constructor(private readonly send: (asked: Array<Asked<T, R>>) => Promise<void> | void) {}

  ask(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      if (this.asked.push({ item, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const asked = this.asked;
    this.asked = [];
    // A request already answered ignores the rejection.
    const failAll = (error: unknown) => {
      for (const { reject } of asked) reject(error);
    };
    try {
      void Promise.resolve(this.send(asked)).catch(failAll);
    } catch (error) {
      failAll(error);
    }
  }
}
