// The signed-in resident's own record in the working complex (GET /api/complexes/:id/me): name, e-mail, C.I., phone,
// notification e-mails and unit. Read again when the complex changes; `setMe` takes what a save answered.
import { useEffect, useState } from 'react';
import { apiJson, errorMessage } from '../../api.ts';
import { useSession } from '../../session.ts';

export interface Me {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  idNumber: string | null;
  unitId: string | null;
  unitNumber: string | null;
  relation: 'owner' | 'tenant' | null;
  notificationEmails: string[];
  /** The unit is locked: the area shows the payments part only. */
  locked: boolean;
}

export const mePath = (complexId: string) => `/complexes/${encodeURIComponent(complexId)}/me`;

export function useMe(): { me?: Me; error?: string; setMe(me: Me): void } {
  const { complex } = useSession();
  const [state, setState] = useState<{ complexId: string; me?: Me; error?: string }>();
  useEffect(() => {
    if (!complex) return;
    let live = true;
    apiJson<Me>(mePath(complex.id)).then(
      (me) => live && setState({ complexId: complex.id, me }),
      (error: unknown) => live && setState({ complexId: complex.id, error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [complex]);
  const current = state?.complexId === complex?.id ? state : undefined;
  return {
    me: current?.me,
    error: current?.error,
    setMe: (me: Me) => complex && setState({ complexId: complex.id, me }),
  };
}
