// A reservation's pass (spec 002 §9: 8 digits) as a QR the resident shows at the gate; with QRPin also the digits,
// with QrPrint a print button, with QrSize a larger QR, with QrElevator a note that it opens the elevator.
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
import type { PassOptions, Reservation } from '../schemas.ts';
import { k, rangeOf } from './shared.tsx';

export function PassDialog({
  reservation,
  options,
  onClose,
}: {
  reservation?: Reservation;
  options?: PassOptions;
  onClose(): void;
}) {
  const translate = useTranslate();
  const [svg, setSvg] = useState<string>();
  const code = reservation?.code;
  useEffect(() => {
    setSvg(undefined);
    if (code) void QRCode.toString(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(setSvg);
  }, [code]);
  const side = options?.large ? 300 : 220;
  return (
    <Dialog open={Boolean(reservation)} onClose={onClose} aria-labelledby="reservation-pass-title" maxWidth="xs" fullWidth>
      <DialogTitle id="reservation-pass-title">{translate(k('pass.title'))}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        {reservation && (
          <>
            <Typography variant="subtitle1">{reservation.areaName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {rangeOf(reservation)}
            </Typography>
          </>
        )}
        <Box sx={{ width: side, height: side, maxWidth: '100%', mx: 'auto', my: 1 }}>
          {svg ? (
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
              alt={translate(k('pass.title'))}
              width={side}
              height={side}
              style={{ maxWidth: '100%', height: 'auto' }}
            />
          ) : (
            <Skeleton variant="rectangular" width={side} height={side} sx={{ maxWidth: '100%' }} />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate(k('pass.help'))}
        </Typography>
        {options?.pin && code && (
          <>
            <Typography variant="h5" sx={{ letterSpacing: 4, fontFamily: 'monospace' }}>
              {translate(k('pass.pin'), { code })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(k('pass.pinHelp'))}
            </Typography>
          </>
        )}
        {options?.elevator && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate(k('pass.elevator'))}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {options?.print && <Button onClick={() => window.print()}>{translate(k('pass.print'))}</Button>}
        <Button onClick={onClose}>{translate(k('pass.close'))}</Button>
      </DialogActions>
    </Dialog>
  );
}
