/**
 * One timer for the positions a live run passed over that wait to be stored: armed once however
 * many events pass, and raced against the next message so a quiet log still persists them.
 */
export function idlePersistTimer() {
  let due: { promise: Promise<'due'>; timer: NodeJS.Timeout } | undefined;
  const clear = () => {
    clearTimeout(due?.timer);
    due = undefined;
  };
  return {
    /** Arms it for `dueInMs` unless it is armed already; undefined (nothing waits) disarms it. */
    set(dueInMs: number | undefined): void {
      if (dueInMs === undefined) return clear();
      if (due) return;
      let timer!: NodeJS.Timeout;
      const promise = new Promise<'due'>((resolve) => {
        timer = setTimeout(() => resolve('due'), dueInMs);
      });
      due = { promise, timer };
    },
    /** Whether it fires before `pending` settles; once it has fired, it is disarmed. */
    async firesBefore(pending: Promise<unknown>): Promise<boolean> {
      if (!due || (await Promise.race([pending, due.promise])) !== 'due') return false;
      due = undefined;
      return true;
    },
    clear,
  };
}
