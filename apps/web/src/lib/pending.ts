import { useSyncExternalStore } from 'react';

/** How many requests are in flight; the loading bar shows while it is above zero. */
let count = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const pending = {
  start() {
    count += 1;
    emit();
  },
  end() {
    count = Math.max(0, count - 1);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => count,
};

export const usePendingRequests = () => useSyncExternalStore(pending.subscribe, pending.get, pending.get);
