// conciliar/:id/detalle: the incomes and expenses a reconciliation marked as Conciliado
// (GET reconciliations/:id/detail), paged and sorted in the browser.

import { formatDate } from '@conjunto/core';
import { ContentLoading } from '@conjunto/core/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  Button,
  DataTable,
  Link,
  ListContextProvider,
  Pagination,
  Title,
  useCreatePath,
  useList,
  useParams,
  useTranslate,
} from 'react-admin';
import type { ReconciliationDetail as Detail } from '../../schemas.ts';
import { API, useApiGet } from '../shared/accountingApi.ts';
import { DayField } from '../shared/DayField.tsx';
import { MoneyField } from '../shared/MoneyField.tsx';
import { RESOURCES } from '../shared/paths.ts';

/** The path of conciliar/:id, or of conciliar/:id/detalle. */
export function useReconciliationPath(id: string | undefined, detail = false) {
  const createPath = useCreatePath();
  if (!id) return '';
  const path = createPath({ resource: RESOURCES.reconciliations, id, type: 'edit' });
  return detail ? `${path}/detalle` : path;
}

type Movement = Detail['movements'][number];

export default function ReconciliationDetail() {
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const back = useReconciliationPath(id);
  const { data: detail, error } = useApiGet<Detail>(
    API.reconciliations,
    id ? `${encodeURIComponent(id)}/detail` : undefined,
    'accounting.shared.loadError',
  );
  const failed = error != null;

  const list = useList<Movement>({
    data: detail?.movements ?? [],
    isPending: !detail && !failed,
    perPage: 25,
    sort: { field: 'date', order: 'ASC' },
  });
  const r = detail?.reconciliation;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('accounting.treasury.reconciliation.detailTitle')} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button component={Link} to={back} label="accounting.treasury.reconciliation.back">
          <ArrowBackIcon />
        </Button>
      </Box>
      <Card>
        <CardContent>
          {r && (
            <Typography variant="subtitle1" sx={{ mb: 2 }}>
              {translate('accounting.treasury.reconciliation.detailHeader', {
                account: r.accountName,
                day: formatDate(r.untilDate),
                incomes: r.incomeCount,
                expenses: r.expenseCount,
              })}
            </Typography>
          )}
          {!detail && !failed ? (
            <ContentLoading />
          ) : (
            <ListContextProvider value={list}>
              <DataTable resource={RESOURCES.reconciliations} rowClick={false} bulkActionButtons={false}>
                <DataTable.Col
                  source="kind"
                  label="accounting.treasury.movement.kind"
                  render={(m: Movement) => translate(`accounting.shared.movementKinds.${m.kind}`)}
                />
                <DataTable.Col source="receiptNumber" label="accounting.treasury.movement.receiptNumber" />
                <DataTable.Col source="date" label="accounting.treasury.movement.date" field={DayField} />
                <DataTable.Col source="description" label="accounting.treasury.movement.description" />
                <DataTable.Col source="amount" label="accounting.treasury.movement.amount" field={MoneyField} align="right" />
              </DataTable>
              <Pagination />
            </ListContextProvider>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
