/** What a step inside a shared SQLite transaction does once that transaction has ended. */
export interface AfterTransaction {
  /** The transaction committed: what was written with it is now what everybody reads. */
  committed(): void;
  /** The transaction rolled back: anything kept in memory about its writes is wrong now. */
  rolledBack(): void;
}
