// 'Importar Masivo' (spec 001 §2, §4, §5, §8): a five-step dialog. Template → ZIP upload (read in the browser)
// → validation (reachable once the ZIP is processed) → devices → results. A 201/207 shows the results; a 202
// (more than 20 rows) closes the dialog and the progress badge (ImportProgress) follows the job.

import { saveBlob } from '@conjunto/core';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { FACES, useFailureMessage } from '../shared/api.ts';
import DevicesStep from './DevicesStep.tsx';
import { type ImportConflict, type ImportRow, isQueued, useImportApi, useNotifyText, useSummaryToast } from './importApi.ts';
import { announceImport } from './importEvents.ts';
import ResultsStep, { type Outcome } from './ResultsStep.tsx';
import type { ZipContents } from './readZip.ts';
import UploadStep from './UploadStep.tsx';
import ValidationStep from './ValidationStep.tsx';
import { imageKey } from './zipRows.ts';

const STEPS = ['template', 'upload', 'validate', 'devices', 'results'] as const;
const [TEMPLATE, UPLOAD, VALIDATE, DEVICES, RESULTS] = [0, 1, 2, 3, 4];
const t = (key: string) => `biometrics.import.${key}`;

interface Props {
  open: boolean;
  onClose(): void;
  /** After a 201/207: the faces changed. */
  onImported(): void;
}

export default function ImportWizard({ open, onClose, onImported }: Props) {
  // A fresh wizard (and state) on each opening.
  return open ? <Wizard onClose={onClose} onImported={onImported} /> : null;
}

function Wizard({ onClose, onImported }: Omit<Props, 'open'>) {
  const translate = useTranslate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const notify = useNotify();
  const notifyText = useNotifyText();
  const api = useImportApi();
  const errorText = useFailureMessage('biometrics.import.errors.connection');
  const summaryToast = useSummaryToast();
  const [step, setStep] = useState(TEMPLATE);
  const [zip, setZip] = useState<{ contents: ZipContents; fileName: string } | null>(null);
  const [devices, setDevices] = useState<string[]>([]);
  const [busy, setBusy] = useState<'template' | 'zip' | 'import' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const valid = zip?.contents.rows.filter((r) => r.issues.length === 0) ?? [];
  const reachable = (target: number) => (outcome ? target === RESULTS : target <= UPLOAD || (zip !== null && target < RESULTS));

  const downloadTemplate = async () => {
    setBusy('template');
    try {
      const { blob, filename } = await api.shell.sendFile(FACES, 'import-template.xlsx');
      saveBlob(blob, filename ?? 'plantilla-rostros.xlsx');
      setStep(UPLOAD);
    } catch (e) {
      notifyText(errorText(e), 'error');
    } finally {
      setBusy(null);
    }
  };

  const next = () => {
    if (step === VALIDATE && valid.length === 0) return notify(t('validate.noValid'), { type: 'error' });
    setStep(step + 1);
  };

  const runImport = async () => {
    if (!zip) return;
    if (valid.length === 0) return notify(t('validate.noValid'), { type: 'error' });
    if (devices.length === 0) return notify(t('devices.none'), { type: 'error' });
    const rows: ImportRow[] = valid.map((r) => ({
      nombre: r.nombre,
      identificacion: r.identificacion,
      destino: r.destino,
      tipo: r.tipo,
      estado: r.estado,
      pisos: r.pisos,
      observaciones: r.observaciones,
      dispositivos_biometricos: devices,
    }));
    const photos = valid.map((r) => (r.imagen ? zip.contents.images.get(imageKey(r.imagen)) : undefined));
    setBusy('import');
    try {
      const answer = await api.send(rows, photos);
      if (isQueued(answer)) {
        announceImport({
          id: answer.job_id,
          status: 'pending',
          total_rostros: answer.total_rostros,
          procesados: 0,
          exitosos: 0,
          fallidos: 0,
        });
        notify(t('progress.started'), { type: 'info', messageArgs: { count: answer.total_rostros } });
        onClose();
        return;
      }
      setOutcome({ result: answer, filas: valid.map((r) => r.fila) });
      setStep(RESULTS);
      summaryToast(answer.resumen_general.importExitosas, answer.resumen_general.totalRostrosEnviados);
      onImported();
    } catch (e) {
      if (e instanceof HttpError && e.status === 409 && e.body) {
        const conflict = e.body as ImportConflict;
        setOutcome({ conflict, filas: valid.map((r) => r.fila) });
        setStep(RESULTS);
        if (conflict.duplicados_encontrados === rows.length) notify(t('conflicts.allDuplicates'), { type: 'warning' });
        else
          notify(t('conflicts.someDuplicates'), {
            type: 'warning',
            messageArgs: { count: conflict.duplicados_encontrados, total: rows.length },
          });
        return;
      }
      notifyText(errorText(e), 'error');
    } finally {
      setBusy(null);
    }
  };

  const restart = () => {
    setStep(UPLOAD);
    setZip(null);
    setDevices([]);
    setOutcome(null);
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby="biometrics-import-title"
    >
      <DialogTitle id="biometrics-import-title">{translate(t('title'))}</DialogTitle>
      <DialogContent dividers>
        {/* On a phone five labels do not fit side by side: numbered steps, and the current one's name below. */}
        <Stepper nonLinear activeStep={step} alternativeLabel={!phone} sx={{ mb: phone ? 1 : 3 }}>
          {STEPS.map((key, i) => (
            <Step key={key} completed={i < step} disabled={!reachable(i) || busy !== null}>
              <StepButton onClick={() => setStep(i)} aria-label={phone ? translate(t(`steps.${key}`)) : undefined}>
                {phone ? null : translate(t(`steps.${key}`))}
              </StepButton>
            </Step>
          ))}
        </Stepper>
        {phone && (
          <Typography variant="subtitle2" sx={{ textAlign: 'center', mb: 2 }}>
            {translate(t('stepOf'), { n: step + 1, total: STEPS.length, name: translate(t(`steps.${STEPS[step]}`)) })}
          </Typography>
        )}
        {step === TEMPLATE && (
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
            <Typography variant="body2" sx={{ maxWidth: 640 }}>
              {translate(t('template.help'))}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                variant="contained"
                onClick={downloadTemplate}
                disabled={busy !== null}
                loading={busy === 'template'}
                loadingPosition="start"
                startIcon={<DownloadIcon />}
              >
                {translate(t('template.download'))}
              </Button>
              <Button variant="outlined" onClick={() => setStep(UPLOAD)} disabled={busy !== null}>
                {translate(t('template.have'))}
              </Button>
            </Stack>
          </Stack>
        )}
        {step === UPLOAD && (
          <UploadStep
            fileName={zip?.fileName ?? null}
            busy={busy === 'zip'}
            onBusy={(on) => setBusy(on ? 'zip' : null)}
            onProcessed={(contents, fileName) => {
              setZip({ contents, fileName });
              setStep(VALIDATE);
            }}
          />
        )}
        {step === VALIDATE && zip && <ValidationStep rows={zip.contents.rows} />}
        {step === DEVICES && <DevicesStep validRows={valid.length} selected={devices} onChange={setDevices} />}
        {step === RESULTS && outcome && <ResultsStep outcome={outcome} />}
      </DialogContent>
      <DialogActions>
        {outcome ? (
          <Button onClick={restart}>{translate(t('actions.newImport'))}</Button>
        ) : (
          <Button onClick={onClose} disabled={busy !== null}>
            {translate(t('actions.cancel'))}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {step > TEMPLATE && step < RESULTS && (
          <Button onClick={() => setStep(step - 1)} disabled={busy !== null}>
            {translate(t('actions.back'))}
          </Button>
        )}
        {(step === UPLOAD || step === VALIDATE) && (
          <Button variant="contained" onClick={next} disabled={busy !== null || !reachable(step + 1)}>
            {translate(t('actions.next'))}
          </Button>
        )}
        {step === DEVICES && (
          <Button
            variant="contained"
            onClick={runImport}
            disabled={busy !== null}
            loading={busy === 'import'}
            loadingPosition="start"
          >
            {translate(busy === 'import' ? t('devices.importing') : t('devices.import'), { count: valid.length })}
          </Button>
        )}
        {step === RESULTS && (
          <Button variant="contained" onClick={onClose}>
            {translate(t('actions.close'))}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
