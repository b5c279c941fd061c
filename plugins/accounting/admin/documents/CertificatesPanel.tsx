// The unit's certificates on the resident's detail (slot 'resident') and in the resident's own area: the
// 'certificado de expensas' and the 'certificado de no adeudar', each unsigned or signed with the complex's
// electronic signature. The server refuses with its reason (debts past due, no signature), shown as it says it.
import type { PanelProps } from '@conjunto/core';
import { saveBlob } from '@conjunto/core';
import { WidgetEmpty } from '@conjunto/core/ui';
import DrawIcon from '@mui/icons-material/Draw';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { API, useAccountingApi, useNotifyError } from '../shared/accountingApi.ts';

const KINDS = [
  { kind: 'expensas', labelKey: 'accounting.certificates.fees', file: 'certificado-de-expensas.pdf' },
  { kind: 'no-adeudar', labelKey: 'accounting.certificates.noDebt', file: 'certificado-de-no-adeudar.pdf' },
] as const;

export default function CertificatesPanel({ unitId }: PanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const api = useAccountingApi();
  const [busy, setBusy] = useState<string>();

  if (!unitId) return <WidgetEmpty>{translate('accounting.certificates.noUnit')}</WidgetEmpty>;

  const issue = async (kind: string, signed: boolean, fallbackName: string) => {
    setBusy(`${kind}.${signed}`);
    try {
      const { blob, filename } = await api.sendFile(API.units, `${unitId}/certificates`, {
        method: 'POST',
        body: { kind, signed },
      });
      saveBlob(blob, filename ?? fallbackName);
      notify('accounting.certificates.issued', { type: 'success' });
    } catch (error) {
      notifyError(error, 'accounting.certificates.downloadError');
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {translate('accounting.certificates.help')}
      </Typography>
      {KINDS.map(({ kind, labelKey, file }) => (
        <Stack
          key={kind}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Typography sx={{ flex: 1, fontWeight: 500 }}>{translate(labelKey)}</Typography>
          <Button
            variant="outlined"
            size="small"
            startIcon={<PictureAsPdfIcon />}
            disabled={busy !== undefined}
            onClick={() => issue(kind, false, file)}
            aria-label={`${translate(labelKey)}: ${translate('accounting.certificates.unsigned')}`}
          >
            {translate('accounting.certificates.unsigned')}
          </Button>
          <Button
            variant="contained"
            size="small"
            startIcon={<DrawIcon />}
            disabled={busy !== undefined}
            onClick={() => issue(kind, true, file)}
            aria-label={`${translate(labelKey)}: ${translate('accounting.certificates.signed')}`}
          >
            {translate('accounting.certificates.signed')}
          </Button>
        </Stack>
      ))}
    </Stack>
  );
}
