// configuracionContable: the complex's accounting settings (total monthly fee, grace days, cheque numbering)
// and, read-only, the next receipt and cheque numbers. GET/PUT accounting-settings.

import { serverFieldErrors } from '@conjunto/core';
import { ContentLoading } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { BooleanInput, NumberInput, SaveButton, Title, useCanAccess, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Settings } from '../../schemas.ts';
import { API, useAccountingApi, useApiGet, useNotifyError } from '../shared/accountingApi.ts';
import { FormRow } from '../shared/FormRow.tsx';
import { Form } from '../shared/FormScreens.tsx';
import { integerBetween, nonNegativeAmount, requiredValue } from '../shared/validators.ts';
import { isBlank } from '../shared/values.ts';

const graceDaysValid = [requiredValue, integerBetween(0, 60, 'accounting.treasury.settings.graceDaysInvalid')];
const chequeStartValid = integerBetween(1, Number.MAX_SAFE_INTEGER, 'accounting.treasury.settings.chequeStartInvalid');

/** The body of PUT accounting-settings: exactly the fields of SettingsUpdateSchema. */
const payload = (values: Partial<Settings>) => ({
  totalFee: isBlank(values.totalFee) ? null : Number(values.totalFee),
  graceDays: Number(values.graceDays ?? 0),
  chequeNumbering: Boolean(values.chequeNumbering),
  chequeStart: values.chequeNumbering && !isBlank(values.chequeStart) ? Number(values.chequeStart) : null,
  cashbook: Boolean(values.cashbook),
});

function ChequeStart({ disabled }: { disabled: boolean }) {
  const numbering = useWatch<Partial<Settings>, 'chequeNumbering'>({ name: 'chequeNumbering' });
  if (!numbering) return null;
  return (
    <NumberInput
      source="chequeStart"
      label="accounting.treasury.settings.chequeStart"
      helperText="accounting.treasury.settings.chequeStartHelp"
      step={1}
      min={1}
      validate={chequeStartValid}
      disabled={disabled}
      sx={{ maxWidth: 310 }}
    />
  );
}

function Counter({ labelKey, value }: { labelKey: string; value: number | string | undefined }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 200 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(labelKey)}
      </Typography>
      <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value ?? '—'}
      </Typography>
    </Box>
  );
}

export default function AccountingSettings() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyError();
  // The page is routed for the roles that may change the settings; the fields stay read-only until that is known.
  const { canAccess: canManage } = useCanAccess({ resource: API.settings, action: 'edit' });
  const api = useAccountingApi();
  const { data: settings, error, setData: setSettings } = useApiGet<Settings>(API.settings, '', 'accounting.shared.loadError');
  const failed = error != null;

  const save = useCallback(
    async (values: Partial<Settings>) => {
      try {
        const saved = await api.send<Settings>(API.settings, '', { method: 'PUT', body: payload(values) });
        setSettings(saved);
        notify('accounting.treasury.settings.saved', { type: 'success' });
      } catch (error) {
        notifyError(error, 'accounting.shared.saveError');
        return serverFieldErrors(error);
      }
    },
    [api, notify, notifyError, setSettings],
  );

  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title={translate('accounting.treasury.menu.settings')} />
      <CardContent>
        {failed && <Alert severity="error">{translate('accounting.shared.loadError')}</Alert>}
        {!settings && !failed && <ContentLoading />}
        {settings && (
          <Form record={settings} onSubmit={save} key={`${settings.chequeStart}-${settings.nextChequeNumber}`}>
            <Stack spacing={1}>
              <Typography variant="h6">{translate('accounting.treasury.settings.fees')}</Typography>
              <FormRow columns={2}>
                <NumberInput
                  source="totalFee"
                  label="accounting.treasury.settings.totalFee"
                  helperText="accounting.treasury.settings.totalFeeHelp"
                  step={0.01}
                  validate={nonNegativeAmount}
                  disabled={!canManage}
                />
                <NumberInput
                  source="graceDays"
                  label="accounting.treasury.settings.graceDays"
                  helperText="accounting.treasury.settings.graceDaysHelp"
                  step={1}
                  min={0}
                  max={60}
                  validate={graceDaysValid}
                  disabled={!canManage}
                />
              </FormRow>
              <Divider />
              <Typography variant="h6">{translate('accounting.treasury.settings.cheques')}</Typography>
              <BooleanInput
                source="chequeNumbering"
                label="accounting.treasury.settings.chequeNumbering"
                helperText="accounting.treasury.settings.chequeNumberingHelp"
                disabled={!canManage}
              />
              <ChequeStart disabled={!canManage} />
              <Divider />
              <Typography variant="h6">{translate('accounting.treasury.settings.books')}</Typography>
              <BooleanInput
                source="cashbook"
                label="accounting.treasury.settings.cashbook"
                helperText="accounting.treasury.settings.cashbookHelp"
                disabled={!canManage}
              />
              <Divider />
              <Typography variant="h6">{translate('accounting.treasury.settings.counters')}</Typography>
              <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
                <Counter labelKey="accounting.treasury.settings.receiptNumber" value={settings.receiptNumber} />
                <Counter labelKey="accounting.treasury.settings.expenseReceiptNumber" value={settings.expenseReceiptNumber} />
                <Counter labelKey="accounting.treasury.settings.nextChequeNumber" value={settings.nextChequeNumber} />
                <Counter
                  labelKey="accounting.treasury.settings.lastAliquotMonth"
                  value={
                    settings.lastAliquotMonth
                      ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
                          Date.UTC(
                            Number(settings.lastAliquotMonth.slice(0, 4)),
                            Number(settings.lastAliquotMonth.slice(5)) - 1,
                            1,
                          ),
                        )
                      : translate('accounting.treasury.settings.noAliquotYet')
                  }
                />
              </Box>
              {canManage && (
                <Box sx={{ pt: 1 }}>
                  <SaveButton />
                </Box>
              )}
            </Stack>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
