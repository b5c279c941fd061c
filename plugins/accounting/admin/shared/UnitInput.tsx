// The housing-unit picker (the host's units, /api/complexes/:id/units), searched by number, in natural order.
import { AutocompleteInput, type AutocompleteInputProps, ReferenceInput } from 'react-admin';
import { API } from './accountingApi.ts';

export function UnitInput({ source = 'unitId', ...props }: AutocompleteInputProps & { source?: string }) {
  return (
    <ReferenceInput source={source} reference={API.units} sort={{ field: 'number', order: 'ASC' }} perPage={50}>
      <AutocompleteInput optionText="number" filterToQuery={(q: string) => ({ q })} {...props} />
    </ReferenceInput>
  );
}
