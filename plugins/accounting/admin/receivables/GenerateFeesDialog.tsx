// 'Generar expensas' (spec 002 §2.5 screen 5): monthly fees from a month up to December, each unit's aliquot
// of the complex's total fee (percentage) or one fixed amount, due on a day of each month (plus the grace
// days of the settings). '{mes}' (or the spec's '{month}') in the name becomes the month ('Expensa noviembre 2026').
// The server answers 202 with a background job that generates them: the list shows its bar (GenerateFeesProgress)
// and finds it again after a reload.

import { businessDay, formatMoney } from '@conjunto/core';
import { isFinished, JobProgress, type JobState } from '@conjunto/core/ui';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useLocaleState,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { GenerateFeesResult, JobQueued, Settings } from '../../schemas.ts';
import { API, useAccountingApi, useApiGet } from '../shared/accountingApi.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { positiveAmount, requiredValue } from '../shared/validators.ts';

/** The months from the current one (or `from`, in this year) up to December, as 'YYYY-MM' choices named in the
 * user's language ('noviembre 2026'). */
function monthChoices(locale: string, from?: string) {
  const today = businessDay();
  const year = today.slice(0, 4);
  const first = from && from.slice(0, 4) === year ? Number(from.slice(5, 7)) : Number(today.slice(5, 7));
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const out: { id: string; name: string }[] = [];
  for (let m = first; m <= 12; m++)
    out.push({
      id: `${year}-${String(m).padStart(2, '0')}`,
      name: `${monthName.format(Date.UTC(Number(year), m - 1, 1))} ${year}`,
    });
  return out;
}

interface Values {
  name: string;
  fromMonth: string;
  toMonth: string;
  mode: 'percentage' | 'fixed';
  amount?: number;
  dueDay: number;
}

function Fields({ settings, settingsFailed }: { settings: Settings | null; settingsFailed: boolean }) {
  const translate = useTranslate();
  const [mode, fromMonth, toMonth] = useWatch({ name: ['mode', 'fromMonth', 'toMonth'] }) as [string, string, string];
  const { setValue } = useFormContext();
  const [locale] = useLocaleState();
  const months = useMemo(() => monthChoices(locale), [locale]);
  const toMonths = useMemo(() => monthChoices(locale, fromMonth), [locale, fromMonth]);
  useEffect(() => {
    if (toMonth && fromMonth && toMonth < fromMonth) setValue('toMonth', fromMonth);
  }, [fromMonth, toMonth, setValue]);
  const noTotal = settings !== null && needsTotalFee(mode, settings);
  return (
    <>
      <TextInput
        source="name"
        label="accounting.receivables.generate.name"
        validate={[requiredValue, maxLength(150)]}
        helperText="accounting.receivables.generate.nameHelp"
      />
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="fromMonth"
            label="accounting.receivables.generate.fromMonth"
            choices={months}
            validate={requiredValue}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            source="toMonth"
            label="accounting.receivables.generate.toMonth"
            choices={toMonths}
            validate={requiredValue}
            helperText="accounting.receivables.generate.upToDecember"
          />
        </Grid>
      </Grid>
      <RadioButtonGroupInput
        source="mode"
        label="accounting.receivables.generate.mode"
        choices={[
          { id: 'percentage', name: 'accounting.receivables.generate.percentage' },
          { id: 'fixed', name: 'accounting.receivables.generate.fixed' },
        ]}
        helperText={false}
      />
      {mode === 'percentage' && settings && Number(settings.totalFee) > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('accounting.receivables.generate.totalFee', { amount: formatMoney(settings.totalFee) })}
        </Alert>
      )}
      {noTotal && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('accounting.receivables.generate.feeRequiresTotal')}
        </Alert>
      )}
      {mode === 'percentage' && settingsFailed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('accounting.shared.loadError')}
        </Alert>
      )}
      <Grid container columnSpacing={2}>
        {mode === 'fixed' && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <NumberInput
              source="amount"
              label="accounting.receivables.generate.amount"
              validate={positiveAmount}
              min={0}
              step={0.01}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <NumberInput
            source="dueDay"
            label="accounting.receivables.generate.dueDay"
            validate={[requiredValue, minValue(1), maxValue(28)]}
            min={1}
            max={28}
            step={1}
            helperText={
              settings ? translate('accounting.receivables.generate.dueDayHelp', { days: settings.graceDays }) : undefined
            }
          />
        </Grid>
      </Grid>
    </>
  );
}

/** Percentages need the complex's total fee. */
const needsTotalFee = (mode: unknown, settings: Settings | null) => mode === 'percentage' && !(Number(settings?.totalFee) > 0);

export function GenerateFeesDialog({ onClose, onQueued }: { onClose(): void; onQueued(jobId: string): void }) {
  const api = useAccountingApi();
  const { data: settings = null, error: settingsError } = useApiGet<Settings>(API.settings, '');
  const current = businessDay().slice(0, 7);

  const submit = async (values: Values) => {
    const { jobId } = await api.send<JobQueued>(API.receivables, 'generate', {
      method: 'POST',
      body: {
        name: String(values.name ?? '').trim(),
        fromMonth: values.fromMonth,
        toMonth: values.toMonth,
        mode: values.mode,
        ...(values.mode === 'fixed' ? { amount: Number(values.amount) } : {}),
        dueDay: Number(values.dueDay),
      },
    });
    onQueued(jobId);
  };

  return (
    <FormDialog<Values>
      title="accounting.receivables.generate.title"
      submitLabel="accounting.receivables.generate.submit"
      onSubmit={submit}
      errorKey="accounting.receivables.generate.error"
      onClose={onClose}
      defaultValues={{ name: 'Expensa {mes}', fromMonth: current, toMonth: current, mode: 'percentage', dueDay: 1 }}
      isBlocked={(values) => needsTotalFee(values.mode, settings)}
    >
      <Fields settings={settings} settingsFailed={settingsError != null} />
    </FormDialog>
  );
}

/** 'Generar expensas'; disabled while a generation runs (its bar says how far it is). */
export function GenerateFeesButton({ running, onQueued }: { running: boolean; onQueued(jobId: string): void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<ReceiptLongIcon />}
        onClick={() => setOpen(true)}
        disabled={running}
        title={running ? translate('accounting.receivables.generate.running') : undefined}
      >
        {translate('accounting.receivables.generate.button')}
      </Button>
      {open && <GenerateFeesDialog onClose={() => setOpen(false)} onQueued={onQueued} />}
    </>
  );
}

/** The generation's bar "N de M" units, then what it made; the list is read again when it ends. */
export function GenerateFeesProgress({ job, loadError, onClose }: { job: JobState | null; loadError: boolean; onClose(): void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const done = isFinished(job);
  const seen = useRef(false);
  useEffect(() => {
    if (done && !seen.current) refresh();
    seen.current = done;
  }, [done, refresh]);
  return (
    <JobProgress
      job={job}
      loadError={loadError}
      title={translate('accounting.receivables.generate.job')}
      result={(output) => {
        const r = output as GenerateFeesResult;
        return translate('accounting.receivables.generate.done', {
          created: r.created,
          skipped: r.skipped,
          total: formatMoney(r.total),
        });
      }}
      onClose={onClose}
    />
  );
}
