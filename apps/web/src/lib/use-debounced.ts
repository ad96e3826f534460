import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms (the search's debounce is 300 ms, docs/product.md). */
export function useDebounced<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(id);
  }, [value, delay]);
  return debounced;
}
