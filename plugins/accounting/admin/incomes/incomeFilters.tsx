// The filters of the income lists: account, unit, method, date range and free text.
import { DayInput } from '@conjunto/core/ui';
import { SearchInput, SelectInput } from 'react-admin';
import { AccountSelectInput } from '../shared/AccountSelectInput.tsx';
import { METHOD_CHOICES } from '../shared/choices.ts';
import { UnitInput } from '../shared/UnitInput.tsx';

export function incomeFilters({ unit = true }: { unit?: boolean } = {}) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <AccountSelectInput key="accountId" source="accountId" alwaysOn sx={{ width: 220 }} />,
    ...(unit ? [<UnitInput key="unitId" source="unitId" alwaysOn sx={{ width: 130 }} />] : []),
    <SelectInput key="method" source="method" choices={METHOD_CHOICES} />,
    <DayInput key="date_gte" source="date_gte" />,
    <DayInput key="date_lte" source="date_lte" />,
  ];
}
