// The surveys screen (spec 000 §2.6): info banner, 'Nueva encuesta', and a paged table with name, status,
// display days, answers and the row actions.

import { ExportButton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CanAccess, DataTable, List, Pagination, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { SURVEY_PAGE_SIZES } from '../manifest.ts';
import { SurveyBulkActions } from './SurveyBulkActions.tsx';
import SurveyCreateDialog from './SurveyCreateDialog.tsx';
import { SurveyRowActions } from './SurveyRowActions.tsx';
import { SurveyStatusField } from './SurveyStatusField.tsx';
import { useNotifyError } from './surveyApi.ts';

function CreateSurveyButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('surveys.action.create')}
      </Button>
      <SurveyCreateDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      {/* Shown to the roles the plugin's access table lets create (authProvider.canAccess). */}
      <CanAccess action="create">
        <CreateSurveyButton />
      </CanAccess>
      <ExportButton />
      <ExportButton format="xlsx" />
    </TopToolbar>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('surveys.empty')}
    </Typography>
  );
}

export default function SurveyList() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('surveys.search')} />];
  return (
    <>
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('surveys.banner')}
      </Alert>
      <List
        title="surveys.title"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[...SURVEY_PAGE_SIZES]} />}
        filters={filters}
        actions={<ListActions />}
        exporter={false}
        empty={false}
        queryOptions={{ onError: (error) => notifyError(error, 'surveys.errors.load') }}
      >
        <DataTable bulkActionButtons={<SurveyBulkActions />} rowClick={false} empty={<Empty />}>
          <DataTable.Col source="title" />
          <DataTable.Col source="isActive" field={SurveyStatusField} />
          <DataTable.NumberCol source="displayDays" />
          <DataTable.NumberCol source="answerCount" disableSort />
          <DataTable.Col label="surveys.columns.actions" align="right">
            <SurveyRowActions />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
