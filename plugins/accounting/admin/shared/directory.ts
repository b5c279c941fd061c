// The host's units and residents of the complex (GET units, GET residents), as the accounting screens read them.

export interface Unit {
  id: string;
  number: string;
  aliquot: number;
  ownerId: string | null;
  tenantId: string | null;
  isActive: boolean;
}

export interface Resident {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  unitId: string | null;
  isActive: boolean;
}

/** 'Nombre Apellido', or the e-mail when the name is blank. */
export const residentName = (r: Pick<Resident, 'firstName' | 'lastName' | 'email'>) =>
  `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || (r.email ?? '');
