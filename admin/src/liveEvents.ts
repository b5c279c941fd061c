// Live events of the current complex (server/src/events.ts): ONE streaming fetch of
// GET /api/complexes/<complex>/events shared by every subscriber (EventSource cannot send the bearer token).
// It follows the complex picker and the session, reconnects with back-off, and refreshes the token on a 401
// (the server also ends a stream when its access token expires). Events are not replayed: subscribers of
// STREAM_OPENED hear each (re)connection and reload what they show.
import { type EventCallback, STREAM_OPENED } from '@conjunto/core';
import { API_URL, renewedToken } from './api.ts';
import { session } from './session.ts';

export { type EventCallback, STREAM_OPENED };

const subscribers = new Map<string, Set<EventCallback>>();
let current: { complexId: string; controller: AbortController } | undefined;
let scheduled = false;

function dispatch(topic: string, payload: unknown): void {
  for (const callback of [...(subscribers.get(topic) ?? [])]) {
    try {
      callback(payload, topic);
    } catch (error) {
      console.error(error);
    }
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Parses `event:`/`data:` frames separated by a blank line; comments (heartbeats) are skipped. */
async function read(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let topic = '';
      let data = '';
      for (const line of frame.split('\n')) {
        if (line.startsWith('event:')) topic = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trim();
      }
      if (topic && data) dispatch(topic, JSON.parse(data));
    }
  }
}

async function run(complexId: string, signal: AbortSignal): Promise<void> {
  let delay = 1000;
  let refreshed = false;
  while (!signal.aborted) {
    try {
      const token = session.token();
      const response = await fetch(`${API_URL}/complexes/${encodeURIComponent(complexId)}/events`, {
        headers: token ? { Accept: 'text/event-stream', Authorization: `Bearer ${token}` } : { Accept: 'text/event-stream' },
        cache: 'no-store',
        signal,
      });
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        if (await renewedToken(token)) continue;
        return;
      }
      if (response.status === 403 || response.status === 404) return; // not for this user or complex
      if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
      refreshed = false;
      delay = 1000;
      dispatch(STREAM_OPENED, {});
      await read(response.body);
    } catch {
      // offline, server restarting: retry below
    }
    await sleep(delay, signal);
    delay = Math.min(delay * 2, 30_000);
  }
}

/** Opens, moves or closes the stream to match the subscribers, the session and the chosen complex. */
function sync(): void {
  scheduled = false;
  const complexId = subscribers.size && session.token() ? session.get().complex?.id : undefined;
  if (current && current.complexId !== complexId) {
    current.controller.abort();
    current = undefined;
  }
  if (complexId && !current) {
    const controller = new AbortController();
    current = { complexId, controller };
    void run(complexId, controller.signal).finally(() => {
      if (current?.controller === controller) current = undefined;
    });
  }
}

// Deferred, so that React's unmount-then-remount (StrictMode, route changes) keeps the same stream.
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(sync);
}
session.subscribe(schedule);

/** Calls back with the payload of each event of `topic` of the current complex; answers the unsubscribe function. */
export function subscribe(topic: string, callback: EventCallback): () => void {
  const set = subscribers.get(topic) ?? new Set<EventCallback>();
  subscribers.set(topic, set);
  set.add(callback);
  schedule();
  return () => {
    set.delete(callback);
    if (!set.size && subscribers.get(topic) === set) subscribers.delete(topic);
    schedule();
  };
}
