// Status badge of a survey: 'Activa' (green) or 'Inactiva' (grey).
import Chip from '@mui/material/Chip';
import { type FieldProps, useRecordContext, useTranslate } from 'react-admin';
import type { Survey } from '../schemas.ts';

export function SurveyStatusField(_props: FieldProps<Survey>) {
  const record = useRecordContext<Survey>();
  const translate = useTranslate();
  if (!record) return null;
  return record.isActive ? (
    <Chip size="small" color="success" label={translate('surveys.status.active')} />
  ) : (
    <Chip size="small" label={translate('surveys.status.inactive')} />
  );
}
