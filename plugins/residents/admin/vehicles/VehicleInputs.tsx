// The fields of a plate or tag: value (required, AAA1234/AAA123 or 8 digits, upper case as it is typed), status
// (active or inactive: blocking has its own action), destination unit (required) and a resident of that unit.

import { AutocompleteInput, ReferenceInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { EDITABLE_STATUSES, normalizeValue, type VehicleStatus, valuePattern } from '../../vehicles.ts';
import { useKind } from './kinds.ts';
import { residentLabel } from './VehicleList.tsx';

/** The body of POST / PUT: exactly the fields of VehicleCreateSchema. */
export const vehiclePayload =
  (kind: 'plates' | 'tags') =>
  (values: { value?: string; status?: VehicleStatus; unitId?: string; residentId?: string | null }) => ({
    value: normalizeValue(kind, values.value ?? ''),
    ...(values.status !== 'blocked' && values.status !== undefined && { status: values.status }),
    unitId: values.unitId,
    residentId: values.residentId || null,
  });

export function VehicleInputs({ blocked = false }: { blocked?: boolean }) {
  const translate = useTranslate();
  const { kind, t } = useKind();
  const unitId = useWatch({ name: 'unitId' }) as string | undefined;
  const pattern = valuePattern(kind);
  return (
    <>
      <TextInput
        source="value"
        validate={[
          required(t('validation.required')),
          (v: string) => (v && !pattern.test(normalizeValue(kind, v)) ? t('validation.format') : undefined),
        ]}
        parse={(v: string) => (kind === 'plates' ? v.toUpperCase() : v)}
        helperText={translate(t('formatHelper'))}
        sx={{ maxWidth: 320 }}
        slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters' } }}
      />
      {blocked ? (
        <SelectInput source="status" choices={[{ id: 'blocked', name: t('status.blocked') }]} disabled sx={{ maxWidth: 320 }} />
      ) : (
        <SelectInput
          source="status"
          choices={EDITABLE_STATUSES.map((id) => ({ id, name: t(`status.${id}`) }))}
          defaultValue="active"
          validate={required(t('validation.required'))}
          sx={{ maxWidth: 320 }}
        />
      )}
      <ReferenceInput source="unitId" reference="units" sort={{ field: 'number', order: 'ASC' }} perPage={50}>
        <AutocompleteInput
          optionText="number"
          filterToQuery={(q: string) => ({ q })}
          validate={required(t('validation.required'))}
          sx={{ maxWidth: 320 }}
        />
      </ReferenceInput>
      {/* The residents of the chosen unit only (the server refuses another's). */}
      {unitId ? (
        <ReferenceInput key={unitId} source="residentId" reference="residents" filter={{ unitId }} perPage={50}>
          <AutocompleteInput
            optionText={residentLabel}
            filterToQuery={(q: string) => ({ q })}
            helperText={translate(t('residentHelper'))}
            sx={{ maxWidth: 420 }}
          />
        </ReferenceInput>
      ) : (
        <TextInput
          source="residentId"
          disabled
          helperText={translate(t('residentHelper'))}
          format={() => ''}
          sx={{ maxWidth: 420 }}
        />
      )}
    </>
  );
}
