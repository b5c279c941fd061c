// The complex's units and residents for the pickers of the document screens (one page of up to 1000 each),
// with each unit's payer (owner, else tenant) and each resident's units.
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import { API } from '../shared/accountingApi.ts';
import { type Resident, residentName, type Unit } from '../shared/directory.ts';

export interface UnitOption {
  id: string;
  number: string;
  residentId: string | null;
  residentName: string | null;
}

export interface ResidentOption {
  id: string;
  name: string;
  email: string;
  units: string[];
}

export function useDirectory() {
  const all = { page: 1, perPage: 1000 };
  const units = useGetList<Unit>(API.units, {
    pagination: all,
    sort: { field: 'number', order: 'ASC' },
    filter: { isActive: true },
  });
  const residents = useGetList<Resident>(API.residents, {
    pagination: all,
    sort: { field: 'lastName', order: 'ASC' },
    filter: { isActive: true },
  });
  return useMemo(() => {
    const byId = new Map((residents.data ?? []).map((r) => [r.id, r]));
    const unitOptions: UnitOption[] = (units.data ?? []).map((u) => {
      const payer = byId.get(u.ownerId ?? '') ?? byId.get(u.tenantId ?? '');
      return { id: u.id, number: u.number, residentId: payer?.id ?? null, residentName: payer ? residentName(payer) : null };
    });
    const residentOptions: ResidentOption[] = (residents.data ?? []).map((r) => ({
      id: r.id,
      name: residentName(r),
      email: r.email,
      units: unitOptions.filter((u) => u.residentId === r.id).map((u) => u.number),
    }));
    return {
      units: unitOptions,
      residents: residentOptions,
      isPending: units.isPending || residents.isPending,
      error: units.error ?? residents.error,
    };
  }, [units.data, units.isPending, units.error, residents.data, residents.isPending, residents.error]);
}
