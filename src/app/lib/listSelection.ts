import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/** Checkbox selection over the rows on screen; cleared whenever `page` (the list's data object) changes. */
export function useRowSelection<R>(rows: readonly R[], keyOf: (r: R) => number, page: unknown) {
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [pickedOn, setPickedOn] = useState(page);
  if (page !== pickedOn) {
    setPickedOn(page);
    setPicked(new Set());
  }
  const toggle = (key: number) =>
    setPicked((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const allPicked = rows.length > 0 && rows.every((r) => picked.has(keyOf(r)));
  const toggleAll = () => setPicked(allPicked ? new Set() : new Set(rows.map(keyOf)));
  return { picked, toggle, allPicked, toggleAll };
}

/** Reloads a list when a live unread count changes (a new message or answer arrived, or one was read elsewhere). */
export function useRefetchOnCount(count: number, queryKey: QueryKey) {
  const client = useQueryClient();
  const seen = useRef(count);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (seen.current !== count) void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    seen.current = count;
  }, [count, client, key]);
}
