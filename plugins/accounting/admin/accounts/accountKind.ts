// 'cuentasBancarias' and 'cajas' share their screens: the resource name says which account type they hold.
import { useResourceContext } from 'react-admin';
import { RESOURCES } from '../shared/paths.ts';

export function useAccountType(): 'Cuenta Bancaria' | 'Caja' {
  return useResourceContext() === RESOURCES.cashBoxes ? 'Caja' : 'Cuenta Bancaria';
}
