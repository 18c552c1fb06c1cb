import { vi } from 'vitest';

/** Records every EventSource a hook opens; tests dispatch its events. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  closed = false;
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data = '') {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

/** Puts FakeEventSource in place of EventSource, with none opened yet (undone by vi.unstubAllGlobals). */
export function stubEventSource(): typeof FakeEventSource {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
