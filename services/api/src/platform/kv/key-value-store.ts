/**
 * A small shared store of strings that expire: in this process in embedded mode, Redis in scale
 * mode, so that what one process writes (a worker's replay progress) another reads (the API).
 */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  /** Sets the value; it is dropped `ttlMs` later. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets the value only when the key holds none; true when it did. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
