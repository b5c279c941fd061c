// A visit's pass (spec 002 §9: 8 digits) as a QR the visitor shows at the gate; with QRPin also the digits, to
// dictate; with QrPrint a print button (a visitor without a phone). The QR is drawn here, from the code.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { EarlyVisit } from '../../schemas.ts';
import type { VisitOptions } from './useVisitOptions.ts';

const v = (key: string) => `gate.visits.${key}`;

export function VisitPassDialog({ visit, options, onClose }: { visit?: EarlyVisit; options: VisitOptions; onClose(): void }) {
  const translate = useTranslate();
  const [svg, setSvg] = useState<string>();
  const code = visit?.code;
  useEffect(() => {
    setSvg(undefined);
    if (code) void QRCode.toString(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(setSvg);
  }, [code]);
  const name = visit ? `${visit.firstName} ${visit.lastName}`.trim() : '';
  return (
    <Dialog open={Boolean(visit)} onClose={onClose} aria-labelledby="visit-pass-title" maxWidth="xs" fullWidth>
      <DialogTitle id="visit-pass-title">{translate(v('pass.title'))}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Typography variant="subtitle1">{name}</Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate(v('pass.help'))}
        </Typography>
        <Box sx={{ width: 240, height: 240, mx: 'auto', my: 1 }}>
          {svg ? (
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
              alt={translate(v('pass.title'))}
              width={240}
              height={240}
            />
          ) : (
            <Skeleton variant="rectangular" width={240} height={240} />
          )}
        </Box>
        {options.pin && code && (
          <>
            <Typography variant="h5" sx={{ letterSpacing: 4, fontFamily: 'monospace' }}>
              {translate(v('pass.pin'), { code })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(v('pass.pinHelp'))}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {options.print && <Button onClick={() => window.print()}>{translate(v('pass.print'))}</Button>}
        <Button variant="contained" onClick={onClose}>
          {translate(v('pass.close'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
