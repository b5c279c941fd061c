// The unit's derived fields (spec 002 §3 FechaUltimoPago, UltimaExpensa, balances, in arrears): read-only, from the
// ledger (accounting, when it is on), and the property lock with its button.
import { formatMoney, refusalMessage, shellCalls } from '@conjunto/core';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useFormatters } from '../../../format.ts';

export interface UnitRecord {
  id: string;
  number: string;
  locked: boolean;
  lastPaymentDate: string | null;
  lastFee: number | null;
  ownerBalance: number | null;
  tenantBalance: number | null;
  inArrears: boolean | null;
}

export function UnitAccount() {
  const record = useRecordContext<UnitRecord>();
  const translate = useTranslate();
  const format = useFormatters();
  if (!record) return null;
  if (record.inArrears === null)
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        {translate('shell.unit.noLedger')}
      </Alert>
    );
  const items: [string, string][] = [
    ['lastPaymentDate', record.lastPaymentDate ? format.date(record.lastPaymentDate) : '—'],
    ['lastFee', record.lastFee === null ? '—' : formatMoney(record.lastFee)],
    ['ownerBalance', formatMoney(record.ownerBalance ?? 0)],
    ['tenantBalance', record.tenantBalance === null ? '—' : formatMoney(record.tenantBalance)],
    ['inArrears', translate(record.inArrears ? 'ra.boolean.true' : 'ra.boolean.false')],
  ];
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' } }}>
      <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1' }}>
        {translate('shell.unit.account')}
      </Typography>
      {items.map(([field, value]) => (
        <Box key={field}>
          <Typography variant="caption" color="text.secondary">
            {translate(`resources.unidadesHabitacionales.fields.${field}`)}
          </Typography>
          <Typography color={field === 'inArrears' && record.inArrears ? 'error' : undefined}>{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Lock or unlock the property (spec 002 §4): asks first; the server's message shows on a refusal. */
export function LockUnitButton({ unitId, locked }: { unitId: string; locked: boolean }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = locked ? 'shell.unit.unlock' : 'shell.unit.lock';
  const confirm = async () => {
    setBusy(true);
    try {
      await shellCalls(dataProvider).send('unidadesHabitacionales', `${encodeURIComponent(unitId)}/lock`, {
        method: 'PUT',
        body: { locked: !locked },
      });
      notify(locked ? 'shell.unit.unlocked' : 'shell.unit.locked', { type: 'success' });
      refresh();
    } catch (error) {
      const message = refusalMessage(error);
      notify(message ?? 'shell.unit.lockError', { type: 'error', messageArgs: message ? { _: message } : undefined });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      {/* Locking restricts the residents, as taking their access away does: the same red (orange text fails contrast). */}
      <Button label={label} color={locked ? 'primary' : 'error'} onClick={() => setOpen(true)} disabled={busy}>
        {locked ? <LockOpenIcon /> : <LockIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={label}
        content={locked ? 'shell.unit.unlockContent' : 'shell.unit.lockContent'}
        confirm={label}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The lock button for the unit on screen. */
export function UnitLockAction() {
  const record = useRecordContext<UnitRecord>();
  return record ? <LockUnitButton unitId={record.id} locked={record.locked} /> : null;
}
