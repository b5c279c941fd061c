// The warning shown before a survey becomes active while another one is: it names the survey that will be
// deactivated. `useReplaceConfirm` looks the active survey up and resolves true when there is nothing to
// warn about or the user accepts, false when the user cancels.
import { useCallback, useRef, useState } from 'react';
import { Confirm, type Identifier } from 'react-admin';
import type { Survey } from '../schemas.ts';
import { useSurveyApi } from './surveyApi.ts';

interface Pending {
  current: string;
  next: string;
}

export function useReplaceConfirm() {
  const api = useSurveyApi();
  const [pending, setPending] = useState<Pending | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setPending(null);
  }, []);

  /** Throws when the lookup fails (the caller reports it). */
  const confirmReplace = useCallback(
    async (next: { id?: Identifier; title: string }): Promise<boolean> => {
      const active: Survey | undefined = await api.findActive();
      if (!active || (next.id !== undefined && String(active.id) === String(next.id))) return true;
      return new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setPending({ current: active.title, next: next.title });
      });
    },
    [api],
  );

  const dialog = (
    <Confirm
      isOpen={pending !== null}
      title="surveys.replace.title"
      content="surveys.replace.content"
      contentTranslateOptions={{ current: pending?.current ?? '', next: pending?.next ?? '' }}
      confirm="surveys.action.continue"
      cancel="surveys.action.cancel"
      confirmColor="warning"
      onConfirm={() => settle(true)}
      onClose={() => settle(false)}
    />
  );

  return { confirmReplace, dialog };
}
