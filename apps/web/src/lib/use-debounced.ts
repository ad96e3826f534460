import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms (the spec's search debounce is 300 ms). */
export function useDebounced<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(id);
  }, [value, delay]);
  return debounced;
}
