// 'cuentasBancarias' and 'cajas' share their screens: the resource name says which account type they hold.
import { useResourceContext } from 'react-admin';

export const BANK_ACCOUNTS = 'cuentasBancarias';
export const CASH_BOXES = 'cajas';

export function useAccountType(): 'Cuenta Bancaria' | 'Caja' {
  return useResourceContext() === CASH_BOXES ? 'Caja' : 'Cuenta Bancaria';
}
