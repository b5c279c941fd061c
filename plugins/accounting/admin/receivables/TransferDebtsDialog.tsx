// 'Transferir deudas' (spec 002 §4): when a unit changes owner, its selected debts move to the new owner
// (a resident of the complex). At least one debt: 'Seleccione al menos una deuda.'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { AutocompleteInput, ReferenceInput, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { API, useAccountingApi } from '../shared/accountingApi.ts';
import { residentName } from '../shared/directory.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { FormRule } from '../shared/FormRule.tsx';
import { UnitInput } from '../shared/UnitInput.tsx';
import { requiredValue } from '../shared/validators.ts';
import { DebtPicker } from './DebtPicker.tsx';

function Debts({ chosen, setChosen }: { chosen: string[]; setChosen(ids: string[]): void }) {
  const unitId = useWatch({ name: 'unitId' }) as string | undefined;
  if (!unitId) return null;
  return (
    <DebtPicker
      unitId={unitId}
      isChosen={(d) => chosen.includes(d.id)}
      onToggle={(d) => setChosen(chosen.includes(d.id) ? chosen.filter((id) => id !== d.id) : [...chosen, d.id])}
      onToggleAll={(debts, all) => setChosen(all ? debts.map((d) => d.id) : [])}
      column="userName"
    />
  );
}

export function TransferDebtsDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const api = useAccountingApi();
  const notify = useNotify();
  const [chosen, setChosen] = useState<string[]>([]);

  const submit = async (values: { unitId?: string; userId?: string }) => {
    const result = await api.send<{ transferred: number }>(API.receivables, 'transfer', {
      method: 'POST',
      body: { receivableIds: chosen, userId: values.userId },
    });
    notify('accounting.receivables.transfer.done', { type: 'success', messageArgs: { smart_count: result.transferred } });
  };

  return (
    <FormDialog
      title="accounting.receivables.transfer.title"
      submitLabel="accounting.receivables.transfer.submit"
      onSubmit={submit}
      errorKey="accounting.receivables.transfer.error"
      onClose={onClose}
      maxWidth="md"
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('accounting.receivables.transfer.help')}
      </Alert>
      <UnitInput
        source="unitId"
        label="accounting.receivables.transfer.unit"
        validate={requiredValue}
        onChange={() => setChosen([])}
      />
      <Debts chosen={chosen} setChosen={setChosen} />
      <FormRule
        name="debtsCheck"
        validate={() => (chosen.length ? undefined : 'accounting.receivables.transfer.selectDebt')}
        recheck={chosen}
      />
      <ReferenceInput source="userId" reference={API.residents} sort={{ field: 'lastName', order: 'ASC' }} perPage={50}>
        <AutocompleteInput
          label="accounting.receivables.transfer.newOwner"
          optionText={residentName}
          filterToQuery={(q: string) => ({ q })}
          validate={requiredValue}
        />
      </ReferenceInput>
    </FormDialog>
  );
}

export function TransferDebtsButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<SwapHorizIcon />} onClick={() => setOpen(true)}>
        {translate('accounting.receivables.transfer.button')}
      </Button>
      {open && <TransferDebtsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
