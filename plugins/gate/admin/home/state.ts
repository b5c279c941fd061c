// What the guard's top-bar item and home panel share: the chosen guard post (kept in sessionStorage per complex,
// spec 002 §4 'Guard post selection') and the entry notices (spec 002 §4 'Guard entry prompt').
import { useSyncExternalStore } from 'react';
import type { GateEntry } from '../../schemas.ts';

type Listener = () => void;
function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * The shell keeps the working complex under this key (admin/src/session.ts); plugins only read it to keep one choice
 * per complex. A stale or missing key is harmless: a stored post that is not among the complex's posts is asked again.
 */
const complexKey = () => `conjunto.gate.post.${localStorage.getItem('conjunto.complexId') ?? ''}`;

/** The post chosen: undefined until known, null for none (a complex with one post or none). */
export interface PostChoice {
  id: string | null;
  name: string | null;
}
const post = store<PostChoice | undefined>(undefined);

export const storedPostId = () => sessionStorage.getItem(complexKey());
export function choosePost(choice: PostChoice) {
  if (choice.id) sessionStorage.setItem(complexKey(), choice.id);
  post.set(choice);
}
export const usePost = () => useSyncExternalStore(post.subscribe, post.get);
export const currentPost = post.get;

/** An entry notice: the entry as registered (its `notice` says red, green or dark). */
const notices = store<GateEntry[]>([]);
const shown = new Set<string>();

/** Shows a notice once per entry (the registering console and the live event both announce it). */
export function showNotice(entry: GateEntry) {
  if (shown.has(entry.id)) return;
  shown.add(entry.id);
  notices.set([...notices.get(), entry]);
}
/** An entry this console registered with the plain toast: its live event brings no notice. */
export const noticeSeen = (id: string) => void shown.add(id);
export const hideNotice = (id: string) => notices.set(notices.get().filter((n) => n.id !== id));
export const useNotices = () => useSyncExternalStore(notices.subscribe, notices.get);
