/**
 * The browser's connection, for specs: `goOffline()` makes `navigator.onLine` false, as a
 * browser does when the network goes; `goOnline()` makes it true and fires the window's `online`
 * event. vitest's `restoreMocks` restores the real one before the next spec.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

let online = true;

function stubOnLine() {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
}

export function goOffline(): void {
  online = false;
  stubOnLine();
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

export function goOnline(): void {
  online = true;
  stubOnLine();
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}
