import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  NumberInput,
  ReferenceInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useCreatePath,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router';
import type { CheckpointItem } from '../../rounds-schemas.ts';
import { Empty, GateList, PhoneRow, usePhone } from '../screens/shared.tsx';
import { r, rf } from './shared.tsx';

const RESOURCE = 'gestionGuardia';
const f = (key: string) => rf(RESOURCE, key);

function Links() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
      {(
        [
          ['gestionarGuardias', 'management.guards'],
          ['cambiosGuardia', 'management.shifts'],
          ['rondas', 'management.rounds'],
        ] as const
      ).map(([resource, key]) => (
        <Button key={resource} component={Link} to={createPath({ resource, type: 'list' })} variant="outlined" size="small">
          {translate(r(key))}
        </Button>
      ))}
    </Stack>
  );
}

export default function CheckpointList() {
  const translate = useTranslate();
  const phone = usePhone();
  const active = (c: CheckpointItem) => translate(r(c.isActive ? 'guards.yes' : 'guards.no'));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceInput key="postId" source="postId" reference="garitas" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
      <SelectInput optionText="name" label={f('postId')} />
    </ReferenceInput>,
  ];
  return (
    <>
      <Links />
      <GateList
        title={translate(r('management.title'))}
        filters={filters}
        sort={{ field: 'postName', order: 'ASC' }}
        create={r('management.create')}
      >
        <DataTable rowClick="edit" bulkActionButtons={false} empty={<Empty text={r('management.empty')} />}>
          {phone ? (
            <DataTable.Col
              source="postName"
              label={f('postName')}
              render={(c: CheckpointItem) => (
                <PhoneRow
                  title={`${c.position}. ${c.name}`}
                  details={[c.postName, c.code, c.isActive ? null : `${translate(f('isActive'))}: ${active(c)}`]}
                />
              )}
            />
          ) : (
            [
              <DataTable.Col key="postName" source="postName" label={f('postName')} />,
              <DataTable.Col key="position" source="position" label={f('position')} />,
              <DataTable.Col key="name" source="name" label={f('name')} />,
              <DataTable.Col key="code" source="code" label={f('code')} disableSort />,
              <DataTable.Col key="isActive" source="isActive" label={f('isActive')} render={active} />,
            ]
          )}
        </DataTable>
      </GateList>
    </>
  );
}

function CheckpointForm() {
  return (
    <SimpleForm>
      <ReferenceInput source="postId" reference="garitas" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" label={f('postId')} validate={required()} />
      </ReferenceInput>
      <TextInput source="name" label={f('name')} validate={required()} slotProps={{ htmlInput: { maxLength: 80 } }} />
      <NumberInput source="position" label={f('position')} min={1} max={10000} step={1} />
      <TextInput source="code" label={f('code')} slotProps={{ htmlInput: { maxLength: 64 } }} />
      <BooleanInput source="isActive" label={f('isActive')} defaultValue />
    </SimpleForm>
  );
}

const payload = (data: Record<string, unknown>) => ({
  postId: data.postId,
  name: data.name,
  ...(data.position ? { position: Number(data.position) } : {}),
  code: data.code || null,
  isActive: data.isActive !== false,
});

export function CheckpointCreate() {
  return (
    <Create redirect="list" transform={payload}>
      <CheckpointForm />
    </Create>
  );
}

export function CheckpointEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={payload}>
      <CheckpointForm />
    </Edit>
  );
}
