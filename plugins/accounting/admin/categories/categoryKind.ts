// The two rubro screens share their components: the resource name says which kind they hold.
import { useResourceContext } from 'react-admin';

export const INCOME_CATEGORIES = 'rubros/rubrosingresos';
export const EXPENSE_CATEGORIES = 'rubros/rubrosegresos';

export function useCategoryKind(): 'income' | 'expense' {
  return useResourceContext() === EXPENSE_CATEGORIES ? 'expense' : 'income';
}
