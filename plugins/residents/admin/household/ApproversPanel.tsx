// The resident's approvers (people authorised to approve visitor entry) on the resident's detail and in the
// resident's own area: the list, a delete per approver, and the shared modal of spec 002 §5 (up to 5 rows, first
// name trimmed <= 70, a last name whenever there is a first name, only complete pairs saved, a full name typed in
// the first-name field split into first and last name as the server does).
import type { PanelProps } from '@conjunto/core';
import { refusalMessage, serverFieldErrors, shellCalls } from '@conjunto/core';
import { FocusFirstError, WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Form,
  TextInput,
  useCanAccess,
  useDataProvider,
  useDelete,
  useGetList,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Approver } from '../../household.schemas.ts';
import { APPROVER_LIMITS, splitName, tidy } from '../../household.ts';
import { householdFilter, maxText, useConfirmDelete } from './common.tsx';

const RESOURCE = 'approvers';

interface Row {
  firstName: string;
  lastName: string;
}
interface Values {
  approvers: Row[];
}

export default function ApproversPanel({ residentId }: PanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const filter = householdFilter(residentId);
  const { data, isPending, error, refetch } = useGetList<Approver>(RESOURCE, {
    filter,
    sort: { field: 'position', order: 'ASC' },
    pagination: { page: 1, perPage: APPROVER_LIMITS.max },
  });
  const { canAccess: canReplace } = useCanAccess({ resource: RESOURCE, action: 'replace' });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  const [open, setOpen] = useState(false);
  const [remove] = useDelete<Approver>();
  const { confirm, dialog } = useConfirmDelete('residents.approvers.deleteTitle', 'residents.approvers.deleteContent');

  const onDelete = (approver: Approver) =>
    confirm(approver.name, async () => {
      try {
        await remove(RESOURCE, { id: approver.id, previousData: approver }, { returnPromise: true, mutationMode: 'pessimistic' });
        notify('residents.approvers.deleted', { type: 'success' });
      } catch (e) {
        notify(refusalMessage(e) ?? 'residents.approvers.error', { type: 'error' });
      }
      refetch();
    });

  return (
    <Stack spacing={1}>
      {canReplace && (
        <Stack direction="row">
          <Button size="small" variant="outlined" startIcon={<EditIcon />} onClick={() => setOpen(true)} disabled={isPending}>
            {translate('residents.approvers.edit')}
          </Button>
        </Stack>
      )}
      {isPending ? (
        <WidgetSkeleton height={100} />
      ) : error ? (
        <WidgetEmpty>{translate('residents.approvers.loadError')}</WidgetEmpty>
      ) : !data?.length ? (
        <WidgetEmpty>{translate('residents.approvers.empty')}</WidgetEmpty>
      ) : (
        <List dense disablePadding aria-label={translate('residents.approvers.title')}>
          {data.map((approver) => (
            <ListItem
              key={approver.id}
              divider
              disableGutters
              secondaryAction={
                canDelete && (
                  <IconButton aria-label={translate('residents.actions.delete')} onClick={() => onDelete(approver)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )
              }
              sx={{ pr: 6 }}
            >
              <ListItemText primary={approver.name} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
            </ListItem>
          ))}
        </List>
      )}
      <ApproversDialog
        open={open}
        residentId={residentId}
        current={data ?? []}
        onClose={(saved) => {
          setOpen(false);
          if (saved) refetch();
        }}
      />
      {dialog}
    </Stack>
  );
}

/** The last name is required whenever the row has a first name (a lone full name is split before this runs). */
const lastNameOfRow =
  (index: number): Validator =>
  (value: unknown, all: Record<string, unknown>) => {
    const row = (all.approvers as Row[] | undefined)?.[index];
    return tidy(row?.firstName) && !tidy(value as string) ? 'residents.validation.required' : undefined;
  };

function ApproverRow({ index }: { index: number }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext<Values>();
  // A full name typed in the first-name field, the last name empty: split it as the spec says.
  const split = () => {
    const row = getValues(`approvers.${index}`);
    if (!tidy(row?.firstName) || tidy(row?.lastName)) return;
    const { firstName, lastName } = splitName(row.firstName);
    if (!lastName) return;
    setValue(`approvers.${index}.firstName`, firstName, { shouldDirty: true });
    setValue(`approvers.${index}.lastName`, lastName, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Typography component="legend" variant="caption" color="text.secondary">
        {translate('residents.approvers.row', { n: index + 1 })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1 }}>
        <TextInput
          source={`approvers.${index}.firstName`}
          label="residents.approvers.fields.firstName"
          validate={maxText(APPROVER_LIMITS.firstName)}
          onBlur={split}
          helperText={false}
          fullWidth
        />
        <TextInput
          source={`approvers.${index}.lastName`}
          label="residents.approvers.fields.lastName"
          validate={[lastNameOfRow(index), maxText(APPROVER_LIMITS.lastName)]}
          helperText={false}
          fullWidth
        />
      </Stack>
    </fieldset>
  );
}

function ApproversDialog({
  open,
  residentId,
  current,
  onClose,
}: {
  open: boolean;
  residentId?: string;
  current: Approver[];
  onClose(saved: boolean): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const record: Values = {
    approvers: Array.from({ length: APPROVER_LIMITS.max }, (_, i) => ({
      firstName: current[i]?.firstName ?? '',
      lastName: current[i]?.lastName ?? '',
    })),
  };

  const submit = async (values: Partial<Values>) => {
    const approvers = (values.approvers ?? []).map((r) => ({ firstName: r?.firstName ?? '', lastName: r?.lastName ?? '' }));
    try {
      await shellCalls(dataProvider).send(RESOURCE, 'replace', {
        method: 'POST',
        body: residentId ? { residentId, approvers } : { approvers },
      });
    } catch (error) {
      notify(refusalMessage(error) ?? 'residents.approvers.error', { type: 'error' });
      return serverFieldErrors(error);
    }
    notify('residents.approvers.saved', { type: 'success' });
    onClose(true);
    return undefined;
  };

  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="approvers-dialog-title">
      {open && (
        <Form<Values> record={record} onSubmit={submit} noValidate>
          <DialogTitle id="approvers-dialog-title">{translate('residents.approvers.modalTitle')}</DialogTitle>
          <DialogContent>
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('residents.approvers.help')}
            </Alert>
            <Stack spacing={1.5}>
              {record.approvers.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the modal's rows are fixed positions 1..5
                <ApproverRow key={i} index={i} />
              ))}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(false)}>{translate('residents.actions.cancel')}</Button>
            <Button type="submit" variant="contained">
              {translate('residents.actions.save')}
            </Button>
          </DialogActions>
          <FocusFirstError />
        </Form>
      )}
    </Dialog>
  );
}
