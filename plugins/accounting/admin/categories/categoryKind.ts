// The two rubro screens share their components: the resource name says which kind they hold.
import { useResourceContext } from 'react-admin';
import { RESOURCES } from '../shared/paths.ts';

export function useCategoryKind(): 'income' | 'expense' {
  return useResourceContext() === RESOURCES.expenseCategories ? 'expense' : 'income';
}
