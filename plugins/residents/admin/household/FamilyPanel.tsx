// The household's family members on the resident's detail (the administrator) and in the resident's own area:
// list, add, edit and delete (spec 002 §2.5 screen 2; a person with a numeric ID, '¡Ya existe esta persona en el
// registro!' from the server).
import type { PanelProps } from '@conjunto/core';
import { refusalMessage, serverFieldErrors } from '@conjunto/core';
import { ExportButton, FocusFirstError, WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
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
import { useState } from 'react';
import { Form, TextInput, useCanAccess, useCreate, useDelete, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { FamilyMember } from '../../household.schemas.ts';
import { FAMILY_LIMITS } from '../../household.ts';
import { digitsOnly, householdFilter, maxText, requiredText, useConfirmDelete } from './common.tsx';

const RESOURCE = 'family-members';
const PAGE = 100;

interface Values {
  firstName: string;
  lastName: string;
  idNumber: string;
  relationship: string;
}

const EMPTY: Values = { firstName: '', lastName: '', idNumber: '', relationship: '' };

export default function FamilyPanel({ residentId }: PanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const filter = householdFilter(residentId);
  const sort = { field: 'lastName', order: 'ASC' as const };
  const { data, total, isPending, error, refetch } = useGetList<FamilyMember>(RESOURCE, {
    filter,
    sort,
    pagination: { page: 1, perPage: PAGE },
  });
  const { canAccess: canCreate } = useCanAccess({ resource: RESOURCE, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  const [editing, setEditing] = useState<FamilyMember | 'new'>();
  const [remove] = useDelete<FamilyMember>();
  const { confirm, dialog } = useConfirmDelete('residents.family.deleteTitle', 'residents.family.deleteContent');

  const onDelete = (member: FamilyMember) =>
    confirm(member.name, async () => {
      try {
        await remove(RESOURCE, { id: member.id, previousData: member }, { returnPromise: true, mutationMode: 'pessimistic' });
        notify('residents.family.deleted', { type: 'success' });
      } catch (e) {
        notify(refusalMessage(e) ?? 'residents.family.error', { type: 'error' });
      }
      refetch();
    });

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canCreate && (
          <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('residents.family.add')}
          </Button>
        )}
        {(total ?? 0) > 0 && <ExportButton list={{ resource: RESOURCE, filter, sort, total }} />}
      </Stack>
      {isPending ? (
        <WidgetSkeleton height={120} />
      ) : error ? (
        <WidgetEmpty>{translate('residents.family.loadError')}</WidgetEmpty>
      ) : !data?.length ? (
        <WidgetEmpty>{translate('residents.family.empty')}</WidgetEmpty>
      ) : (
        <List dense disablePadding aria-label={translate('residents.family.title')}>
          {data.map((member) => (
            <ListItem
              key={member.id}
              divider
              disableGutters
              secondaryAction={
                <>
                  {canEdit && (
                    <IconButton aria-label={translate('residents.actions.edit')} onClick={() => setEditing(member)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  )}
                  {canDelete && (
                    <IconButton aria-label={translate('residents.actions.delete')} onClick={() => onDelete(member)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </>
              }
              sx={{ pr: 11 }}
            >
              <ListItemText
                primary={member.name}
                secondary={[translate('residents.family.idNumber', { idNumber: member.idNumber }), member.relationship]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <FamilyDialog
        residentId={residentId}
        member={editing}
        onClose={(saved) => {
          setEditing(undefined);
          if (saved) refetch();
        }}
      />
      {dialog}
    </Stack>
  );
}

function FamilyDialog({
  residentId,
  member,
  onClose,
}: {
  residentId?: string;
  member?: FamilyMember | 'new';
  onClose(saved: boolean): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate<FamilyMember>();
  const [update] = useUpdate<FamilyMember>();
  const isNew = member === 'new';
  const record: Values =
    member && member !== 'new'
      ? {
          firstName: member.firstName,
          lastName: member.lastName,
          idNumber: member.idNumber,
          relationship: member.relationship ?? '',
        }
      : EMPTY;

  const submit = async (values: Partial<Values>) => {
    const data = {
      firstName: String(values.firstName ?? '').trim(),
      lastName: String(values.lastName ?? '').trim(),
      idNumber: String(values.idNumber ?? '').trim(),
      relationship: String(values.relationship ?? '').trim() || null,
    };
    try {
      if (isNew) await create(RESOURCE, { data: residentId ? { residentId, ...data } : data }, { returnPromise: true });
      else if (member)
        await update(
          RESOURCE,
          { id: member.id, data, previousData: member },
          { returnPromise: true, mutationMode: 'pessimistic' },
        );
    } catch (error) {
      notify(refusalMessage(error) ?? 'residents.family.error', { type: 'error' });
      return serverFieldErrors(error);
    }
    notify(isNew ? 'residents.family.created' : 'residents.family.updated', { type: 'success' });
    onClose(true);
    return undefined;
  };

  return (
    <Dialog
      open={member !== undefined}
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="sm"
      aria-labelledby="family-dialog-title"
    >
      {member !== undefined && (
        // The record is the member's (never the resident's of the page around it).
        <Form<Values> record={record} onSubmit={submit} noValidate>
          <DialogTitle id="family-dialog-title">
            {translate(isNew ? 'residents.family.create' : 'residents.family.edit')}
          </DialogTitle>
          <DialogContent>
            <TextInput
              source="firstName"
              label="residents.family.fields.firstName"
              validate={[requiredText, maxText(FAMILY_LIMITS.firstName)]}
              fullWidth
              autoFocus
            />
            <TextInput
              source="lastName"
              label="residents.family.fields.lastName"
              validate={[requiredText, maxText(FAMILY_LIMITS.lastName)]}
              fullWidth
            />
            <TextInput
              source="idNumber"
              label="residents.family.fields.idNumber"
              validate={[requiredText, digitsOnly, maxText(FAMILY_LIMITS.idNumber)]}
              helperText="residents.family.idNumberHelper"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              fullWidth
            />
            <TextInput
              source="relationship"
              label="residents.family.fields.relationship"
              validate={maxText(FAMILY_LIMITS.relationship)}
              helperText="residents.family.relationshipHelper"
              fullWidth
            />
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
