// The vote calls that are not plain CRUD (results, ballots, proxies, files, report) and the live topic.
import { STREAM_OPENED, saveBlob, shellCalls } from '@conjunto/core';
import { useEffect, useMemo, useRef } from 'react';
import { type Identifier, useDataProvider } from 'react-admin';
import { VOTE_BALLOT_TOPIC } from '../manifest.ts';
import type { Ballot, MyBallots, VoteAttendance, VoteDetail, VoteFile, VoteProxy, VoteResults } from '../schemas.ts';

/** The react-admin resource (route segment); the shell's dataProvider maps it to the API resource `votes`. */
export const VOTE_RESOURCE = 'votacion';
/** The API resource, for calls from any area (the resident's has no 'votacion' screen: the shell maps unknown names as they are). */
export const VOTE_API = 'votes';

const at = (id: Identifier, path = '') => `${encodeURIComponent(String(id))}${path}`;

export function useVoteApi() {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const calls = shellCalls(dataProvider);
    return {
      detail: (id: Identifier) => calls.send<VoteDetail>(VOTE_API, at(id)),
      /** lists=false: the figures and the quorum only (no voters, non-voters or proxies). */
      results: (id: Identifier, lists = true) =>
        calls.send<VoteResults>(VOTE_API, at(id, lists ? '/results' : '/results?lists=false')),
      myBallots: (id: Identifier) => calls.send<MyBallots>(VOTE_API, at(id, '/my-ballots')),
      cast: (id: Identifier, answers: number[], unitId?: string) =>
        calls.send<Ballot>(VOTE_API, at(id, '/ballots'), {
          method: 'POST',
          body: unitId ? { answers, unitId } : { answers },
        }),
      delegate: (id: Identifier, holderEmail: string) =>
        calls.send<VoteProxy>(VOTE_API, at(id, '/proxies'), { method: 'POST', body: { holderEmail } }),
      registerProxy: (id: Identifier, unitId: string, holderId: string) =>
        calls.send<VoteProxy>(VOTE_API, at(id, '/proxies'), { method: 'POST', body: { unitId, holderId } }),
      /** Records (true) or withdraws (false) a unit's presence at the assembly. */
      attend: (id: Identifier, unitId: string, present: boolean) =>
        calls.send<VoteAttendance>(VOTE_API, at(id, `/attendance/${encodeURIComponent(unitId)}`), {
          method: present ? 'PUT' : 'DELETE',
        }),
      revoke: (id: Identifier, proxyId: string) =>
        calls.send<VoteProxy>(VOTE_API, at(id, `/proxies/${encodeURIComponent(proxyId)}`), { method: 'DELETE' }),
      upload: (id: Identifier, files: File[]) => {
        const form = new FormData();
        for (const f of files) form.append('files', f, f.name);
        return calls.send<VoteFile[]>(VOTE_API, at(id, '/files'), { method: 'POST', body: form });
      },
      removeFile: (id: Identifier, fileId: string) =>
        calls.send<VoteFile>(VOTE_API, at(id, `/files/${encodeURIComponent(fileId)}`), { method: 'DELETE' }),
      async report(id: Identifier, format: 'pdf' | 'xlsx') {
        const { blob, filename } = await calls.sendFile(VOTE_API, at(id, `/report?format=${format}`));
        saveBlob(blob, filename ?? `votacion.${format}`);
      },
      /** Ballots, proxies and deletions of the complex's votes (`{ voteId }` only); and each (re)opening of the stream (no replay: reload). */
      subscribe(callback: (payload: unknown) => void) {
        const off = [calls.subscribe(VOTE_BALLOT_TOPIC, callback), calls.subscribe(STREAM_OPENED, () => callback(null))];
        return () => {
          for (const unsubscribe of off) unsubscribe();
        };
      },
    };
  }, [dataProvider]);
}

/** Calls `reload` on each live event of vote `voteId` ('*': of any vote) and when the stream reopens, at most every 300 ms. */
export function useLiveVote(voteId: Identifier | undefined, reload: () => void) {
  const api = useVoteApi();
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (!voteId) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = api.subscribe((payload) => {
      const p = payload as { voteId?: string } | null;
      if (voteId !== '*' && p?.voteId !== undefined && p.voteId !== String(voteId)) return;
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), 300);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [api, voteId]);
}
