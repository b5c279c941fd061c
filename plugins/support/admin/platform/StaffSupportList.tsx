// /superAdministrador/sugerencias (spec 002 §2.4 'Feedback: Sugerencias'): every complex's support requests, newest
// first; filters by complex, state, category and days; search; export. A row opens the thread to answer it.
import { DayInput } from '@conjunto/core/ui';
import { AutocompleteInput, DataTable, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import type { Support } from '../../schemas.ts';
import { StateChip, SupportListFrame, useChoices, when } from '../shared.tsx';

const f = (key: string) => `resources.sugerencias.fields.${key}`;
/** The platform area's complexes (the host's 'conjuntos' resource of /superAdmin). */
const COMPLEXES = 'conjuntos';

export default function StaffSupportList() {
  const translate = useTranslate();
  const { categories, states } = useChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('support.supports.search')} />,
    <ReferenceInput key="complexId" source="complexId" reference={COMPLEXES} alwaysOn sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput label={f('complexName')} optionText="name" sx={{ minWidth: 220 }} />
    </ReferenceInput>,
    <SelectInput key="state" source="state" label={f('state')} choices={states} alwaysOn />,
    <SelectInput key="category" source="category" label={f('category')} choices={categories} />,
    <DayInput key="from" source="createdAt_gte" label="support.supports.from" />,
    <DayInput key="to" source="createdAt_lte" label="support.supports.to" />,
  ];
  return (
    <SupportListFrame
      title={translate('support.supports.staffTitle')}
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" label={f('createdAt')} render={(r: Support) => when(r.createdAt)} />
        <DataTable.Col source="complexName" label={f('complexName')} disableSort />
        <DataTable.Col source="subject" label={f('subject')} />
        <DataTable.Col
          source="category"
          label={f('category')}
          render={(r: Support) => translate(`support.categories.${r.category}`)}
        />
        <DataTable.Col source="state" label={f('state')} render={(r: Support) => <StateChip state={r.state} />} />
        <DataTable.Col source="requesterName" label={f('requesterName')} disableSort />
        <DataTable.NumberCol source="replyCount" label={f('replyCount')} disableSort />
        <DataTable.Col source="lastReplyAt" label={f('lastReplyAt')} render={(r: Support) => when(r.lastReplyAt)} />
      </DataTable>
    </SupportListFrame>
  );
}
