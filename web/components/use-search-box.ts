import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * A search box bound to a list's `query` in the address: typing reaches the address once it
 * pauses (300 ms); back and forward move the box. Answers the box's text and its setter.
 */
export function useSearchBox(
  query: string,
  setQuery: (query: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(query);
  const [debounced] = useDebouncedValue(text, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text may change the list.
  useEffect(() => {
    if (debounced.trim() !== query) setQuery(debounced.trim());
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box follows the address, not the reverse.
  useEffect(() => {
    if (query !== debounced.trim()) setText(query);
  }, [query]);
  return [text, setText];
}
