// A screen that follows live events: it reloads (react-admin's refresh) when one of its topics is published on the
// complex, and when the event stream (re)opens, since events missed meanwhile are not replayed. Bursts merge.
import { useEffect, useRef } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import { STREAM_OPENED, shellCalls } from '../admin.ts';

/** Reloads the screen on `topics` (and on each reconnection); `enabled` false: nothing. */
export function useRefreshOn(topics: readonly string[], enabled = true) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const latest = useRef(refresh);
  latest.current = refresh;
  const key = topics.join('\n');
  useEffect(() => {
    if (!enabled) return undefined;
    const calls = shellCalls(dataProvider);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), 300);
    };
    const off = [...key.split('\n'), STREAM_OPENED].map((topic) => calls.subscribe(topic, reload));
    return () => {
      clearTimeout(timer);
      for (const unsubscribe of off) unsubscribe();
    };
  }, [dataProvider, enabled, key]);
}
