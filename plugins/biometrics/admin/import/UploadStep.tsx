// Step 'Subir Archivo' (spec 001 §5): one .zip of at most 100 MB, read and checked in the browser. Photos
// that cannot reach 100 KB are named (the first 3) in a warning of 8 seconds; a ZIP with row errors gives a
// warning too.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type DragEvent, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { LONG_TOAST_MS } from '../shared/api.ts';
import { readImportZip, type ZipContents, ZipError } from './readZip.ts';

const MAX_ZIP_BYTES = 100 * 1024 * 1024;
const NAMED_REJECTS = 3;
const t = (key: string) => `biometrics.import.upload.${key}`;

interface Props {
  fileName: string | null;
  busy: boolean;
  onBusy(busy: boolean): void;
  onProcessed(contents: ZipContents, fileName: string): void;
}

export default function UploadStep({ fileName, busy, onBusy, onProcessed }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const process = async (files: File[]) => {
    setError(null);
    const file = files[0];
    if (files.length !== 1 || !/\.zip$/i.test(file.name) || file.size > MAX_ZIP_BYTES) return setError(translate(t('invalid')));
    onBusy(true);
    setProgress(null);
    try {
      const contents = await readImportZip(file, (done, total) => setProgress({ done, total }));
      const { rejected, rows } = contents;
      if (rejected.length) {
        const names = rejected.slice(0, NAMED_REJECTS).join(', ');
        const more = rejected.length - NAMED_REJECTS;
        notify(t('rejected'), {
          type: 'warning',
          autoHideDuration: LONG_TOAST_MS,
          messageArgs: { count: rejected.length, names: more > 0 ? translate(t('rejectedMore'), { names, count: more }) : names },
        });
      }
      const withErrors = rows.filter((r) => r.issues.length).length;
      if (withErrors) notify(t('withErrors'), { type: 'warning', messageArgs: { count: withErrors } });
      onProcessed(contents, file.name);
    } catch (e) {
      setError(translate(t(e instanceof ZipError ? e.key : 'readError')));
    } finally {
      onBusy(false);
      setProgress(null);
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    // Copied before the input is cleared (its FileList empties with it), so the same file can be picked again.
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length) void process(files);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    if (!busy) void process(Array.from(event.dataTransfer.files));
  };

  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate(t('help'))}
      </Typography>
      <Box
        onDragOver={(e) => e.preventDefault()}
        onDrop={drop}
        sx={{ border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, p: 4, textAlign: 'center' }}
      >
        <UploadFileIcon color="action" sx={{ fontSize: 48 }} />
        <Box sx={{ mt: 1 }}>
          <Button variant="contained" onClick={() => input.current?.click()} disabled={busy}>
            {translate(t('pick'))}
          </Button>
        </Box>
        {fileName && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {fileName}
          </Typography>
        )}
        <input ref={input} type="file" hidden accept=".zip,application/zip" onChange={pick} data-testid="biometrics-import-zip" />
      </Box>
      {busy && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {progress ? translate(t('compressing'), progress) : translate(t('reading'))}
          </Typography>
          <LinearProgress
            variant={progress?.total ? 'determinate' : 'indeterminate'}
            value={progress?.total ? (progress.done / progress.total) * 100 : 0}
          />
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
