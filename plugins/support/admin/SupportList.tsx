// /administrador/supports (switch Supports): the complex's requests to platform staff, newest first; filters by
// state and category, search, export; a row opens its thread.
import { DayInput, useRefreshOn } from '@conjunto/core/ui';
import { DataTable, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { SUPPORT_TOPIC } from '../manifest.ts';
import type { Support } from '../schemas.ts';
import { StateChip, SupportListFrame, useChoices, when } from './shared.tsx';

const LIVE = [SUPPORT_TOPIC];
const f = (key: string) => `resources.supports.fields.${key}`;

export default function SupportList() {
  const translate = useTranslate();
  const { categories, states } = useChoices();
  // Staff's replies and state changes show without a reload.
  useRefreshOn(LIVE);
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('support.supports.search')} />,
    <SelectInput key="state" source="state" label={f('state')} choices={states} alwaysOn />,
    <SelectInput key="category" source="category" label={f('category')} choices={categories} />,
    <DayInput key="from" source="createdAt_gte" label="support.supports.from" />,
    <DayInput key="to" source="createdAt_lte" label="support.supports.to" />,
  ];
  return (
    <SupportListFrame
      title={translate('support.supports.title')}
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      create
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" label={f('createdAt')} render={(r: Support) => when(r.createdAt)} />
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
