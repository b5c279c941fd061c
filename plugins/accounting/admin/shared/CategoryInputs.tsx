// Rubro and subrubro selects of a line (income or expense categories). The subrubro choices follow the
// rubro chosen in the same line (a sibling field: `<prefix>category`).
import { useMemo } from 'react';
import { SelectInput, type SelectInputProps, useGetList } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Category } from '../../schemas.ts';
import { API } from './accountingApi.ts';
import { toChoices } from './choices.ts';

function useCategories(kind: 'income' | 'expense') {
  const { data, isPending } = useGetList<Category>(API.categories, {
    filter: { kind },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return { categories: data ?? [], isPending };
}

type Props = Omit<SelectInputProps, 'choices' | 'source'> & { kind: 'income' | 'expense'; source: string };

/** The rubro; choosing another one clears the subrubro of `subcategorySource`. */
export function CategoryInput({ kind, source, subcategorySource, ...props }: Props & { subcategorySource?: string }) {
  const { categories } = useCategories(kind);
  const { setValue } = useFormContext();
  const choices = useMemo(() => toChoices(categories.map((c) => c.name)), [categories]);
  return (
    <SelectInput
      source={source}
      choices={choices}
      onChange={() => subcategorySource && setValue(subcategorySource, null, { shouldDirty: true })}
      {...props}
    />
  );
}

/** The subrubros of the rubro held in `categorySource`. */
export function SubcategoryInput({ kind, source, categorySource, ...props }: Props & { categorySource: string }) {
  const { categories } = useCategories(kind);
  const category = useWatch({ name: categorySource }) as string | undefined;
  const choices = useMemo(
    () => toChoices(categories.find((c) => c.name === category)?.subcategories ?? []),
    [categories, category],
  );
  return <SelectInput source={source} choices={choices} disabled={!category} {...props} />;
}
