// Field limits of the host's directory, shared by the server's schemas (which enforce them) and the admin's
// forms (which mirror them for comfort).
export const COMPLEX_LIMITS = {
  name: 150,
  ruc: 13,
  address: 250,
  city: 100,
  province: 100,
  contactName: 150,
  contactPhone: 20,
  contactEmail: 100,
  customEmail: 100,
} as const;

export const COMPANY_LIMITS = { name: 150, ruc: 13, contactName: 150, contactPhone: 20, contactEmail: 100 } as const;

export const USER_LIMITS = { firstName: 100, lastName: 100, email: 100, phone: 20, idNumber: 20, passwordMin: 8 } as const;

export const UNIT_LIMITS = { number: 30, type: 50, subComplex: 50, aliquotMax: 100 } as const;
