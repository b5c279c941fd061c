// An account's details and its live balance (GET bank-accounts/:id/balance); 'No se pudo obtener el saldo'
// when the balance cannot be read.

import { formatDateTime } from '@conjunto/core';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  EditButton,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Balance, BankAccount } from '../../schemas.ts';
import { API, useApiGet } from '../shared/accountingApi.ts';
import { IdTypeField } from '../shared/CodeField.tsx';
import { DayField } from '../shared/DayField.tsx';
import { Money, MoneyField } from '../shared/MoneyField.tsx';
import { AccountDeleteButton } from './AccountRowActions.tsx';
import { useAccountType } from './accountKind.ts';
import { BankAvatar } from './BankAvatar.tsx';

function LiveBalance() {
  const record = useRecordContext<BankAccount>();
  const translate = useTranslate();
  const {
    data: live,
    error,
    isPending,
    reload,
  } = useApiGet<Balance>(
    API.accounts,
    record ? `${encodeURIComponent(record.id)}/balance` : undefined,
    'accounting.accounts.balanceError',
  );

  return (
    <Card variant="outlined" sx={{ minWidth: 260 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="overline" color="text.secondary">
            {translate('accounting.accounts.liveBalance')}
          </Typography>
          <Tooltip title={translate('ra.action.refresh')}>
            <IconButton size="small" onClick={reload} aria-label={translate('ra.action.refresh')}>
              <RefreshIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {isPending || (!live && error == null) ? (
          <CircularProgress size={24} />
        ) : error != null ? (
          <Alert severity="error">{translate('accounting.accounts.balanceError')}</Alert>
        ) : (
          <>
            <Typography variant="h5" component="p" aria-label={translate('accounting.accounts.liveBalance')}>
              <Money value={live?.balance} />
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('accounting.accounts.balanceAt', { at: formatDateTime(live?.at) })}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Actions() {
  const { canAccess: canEdit } = useCanAccess({ action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete' });
  return (
    <TopToolbar>
      {canEdit && <EditButton />}
      {canDelete && <AccountDeleteButton redirectToList />}
    </TopToolbar>
  );
}

export default function AccountShow() {
  const type = useAccountType();
  const bank = type === 'Cuenta Bancaria';
  return (
    <Show actions={<Actions />}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: 'flex-start' }}>
        <SimpleShowLayout sx={{ flex: 1, p: 0 }}>
          {bank && (
            <Labeled source="bankName">
              <BankAvatar />
            </Labeled>
          )}
          <TextField source="name" />
          {bank && <TextField source="number" emptyText="—" />}
          {bank && <TextField source="accountType" emptyText="—" />}
          {bank && <IdTypeField source="idType" />}
          {bank && <TextField source="idNumber" emptyText="—" />}
          {bank && <TextField source="email" emptyText="—" />}
          <MoneyField source="initialBalance" />
          <DayField source="cutoffDate" />
        </SimpleShowLayout>
        <LiveBalance />
      </Stack>
    </Show>
  );
}
