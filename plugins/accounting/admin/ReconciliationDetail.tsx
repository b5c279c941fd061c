// conciliar/:id/detalle: the incomes and expenses a reconciliation marked as Conciliado
// (GET reconciliations/:id/detail), paged and sorted in the browser.
import { formatDate } from '@conjunto/core';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import {
  Button,
  DataTable,
  Link,
  ListContextProvider,
  Loading,
  Pagination,
  Title,
  useList,
  useCreatePath,
  useParams,
  useTranslate,
} from 'react-admin';
import type { Static } from 'typebox';
import type { ReconciliationDetailSchema } from '../schemas.ts';
import { useAccountingApi, useNotifyError } from './shared/accountingApi.ts';
import { DayField } from './shared/DayField.tsx';
import { MoneyField } from './shared/MoneyField.tsx';
import { TREASURY } from './TreasuryCommon.tsx';

/** The path of conciliar/:id, or of conciliar/:id/detalle. */
export function useReconciliationPath(id: string | undefined, detail = false) {
  const createPath = useCreatePath();
  if (!id) return '';
  const path = createPath({ resource: TREASURY.reconciliations, id, type: 'edit' });
  return detail ? `${path}/detalle` : path;
}

type Detail = Static<typeof ReconciliationDetailSchema>;
type Movement = Detail['movements'][number];

export default function ReconciliationDetail() {
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const api = useAccountingApi();
  const notifyError = useNotifyError();
  const [detail, setDetail] = useState<Detail>();
  const [failed, setFailed] = useState(false);
  const back = useReconciliationPath(id);

  useEffect(() => {
    if (!id) return;
    let live = true;
    api
      .send<Detail>(TREASURY.reconciliations, `${encodeURIComponent(id)}/detail`)
      .then((d) => live && setDetail(d))
      .catch((error) => {
        if (!live) return;
        setFailed(true);
        notifyError(error, 'accounting.treasury.errors.load');
      });
    return () => {
      live = false;
    };
  }, [id, api, notifyError]);

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
            <Loading />
          ) : (
            <ListContextProvider value={list}>
              <DataTable resource={TREASURY.reconciliations} rowClick={false} bulkActionButtons={false}>
                <DataTable.Col
                  source="kind"
                  label="accounting.treasury.movement.kind"
                  render={(m: Movement) => translate(`accounting.treasury.movement.${m.kind}`)}
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
