// Platform staff's tools on one complex (spec 000 §2.2): conjuntos/cargardatos/:id loads its units and residents from
// one file (the host's import dialog), conjuntos/newuser/:id creates its administrators (invited by e-mail to set
// their password), conjuntos/unidadesH/:id lists its units. The API is /api/platform/complexes/:id/… ('conjuntos').
import { serverMessage, shellCalls } from '@conjunto/core';
import { ContentLoading, ImportButton } from '@conjunto/core/ui';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import {
  email,
  Form,
  Link,
  required,
  SaveButton,
  TextInput,
  Title,
  useDataProvider,
  useGetOne,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router';

const RESOURCE = 'conjuntos';

/** The three tools as links, for the complex's edit page. */
export function ComplexToolLinks() {
  const record = useRecordContext<{ id?: string }>();
  const translate = useTranslate();
  if (!record?.id) return null;
  const id = encodeURIComponent(String(record.id));
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, px: 2, pt: 2 }}>
      <MuiButton
        size="small"
        variant="outlined"
        startIcon={<UploadIcon />}
        component={Link}
        to={`/superAdmin/conjuntos/cargardatos/${id}`}
      >
        {translate('shell.platformTools.bulkLoad')}
      </MuiButton>
      <MuiButton
        size="small"
        variant="outlined"
        startIcon={<GroupAddIcon />}
        component={Link}
        to={`/superAdmin/conjuntos/newuser/${id}`}
      >
        {translate('shell.platformTools.newUser')}
      </MuiButton>
      <MuiButton
        size="small"
        variant="outlined"
        startIcon={<HomeWorkIcon />}
        component={Link}
        to={`/superAdmin/conjuntos/unidadesH/${id}`}
      >
        {translate('shell.platformTools.units')}
      </MuiButton>
    </Stack>
  );
}

function useComplex() {
  const { id = '' } = useParams();
  const { data, isPending, error } = useGetOne<{ id: string; name: string }>(RESOURCE, { id });
  return { id, name: data?.name ?? '', isPending, error };
}

function Page({ titleKey, children }: { titleKey: string; children: (complex: { id: string; name: string }) => ReactNode }) {
  const translate = useTranslate();
  const complex = useComplex();
  if (complex.isPending) return <ContentLoading />;
  if (complex.error) return <Alert severity="error">{translate('shell.platformTools.notFound')}</Alert>;
  const title = `${translate(titleKey)}: ${complex.name}`;
  return (
    <Box sx={{ mt: 1, maxWidth: '100%' }}>
      <Title title={title} />
      <Typography variant="h6" component="h1" sx={{ mb: 2, wordBreak: 'break-word' }}>
        {title}
      </Typography>
      {children(complex)}
    </Box>
  );
}

export function BulkLoadPage() {
  const translate = useTranslate();
  return (
    <Page titleKey="shell.platformTools.bulkLoad">
      {({ id }) => (
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="body2">{translate('shell.platformTools.bulkLoadHelp')}</Typography>
              <Box>
                <ImportButton
                  resource={RESOURCE}
                  path={`${encodeURIComponent(id)}/bulk-load`}
                  jobs={{ resource: RESOURCE, path: `${encodeURIComponent(id)}/jobs` }}
                  title={translate('shell.platformTools.bulkLoad')}
                />
              </Box>
              <Box>
                <MuiButton size="small" component={Link} to={`/superAdmin/conjuntos/unidadesH/${encodeURIComponent(id)}`}>
                  {translate('shell.platformTools.units')}
                </MuiButton>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Page>
  );
}

interface Administrator {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  isActive: boolean;
}

function Administrators({ id, version }: { id: string; version: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [rows, setRows] = useState<Administrator[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version (an administrator created) reloads the list
  useEffect(() => {
    let alive = true;
    shellCalls(dataProvider)
      .send<Administrator[]>(RESOURCE, `${encodeURIComponent(id)}/administrators?range=[0,199]`)
      .then(
        (list) => alive && setRows(list),
        () => alive && setRows([]),
      );
    return () => {
      alive = false;
    };
  }, [dataProvider, id, version]);
  if (!rows) return <ContentLoading />;
  if (!rows.length) return <Typography color="text.secondary">{translate('shell.platformTools.noAdministrators')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('shell.platformTools.name')}</TableCell>
            <TableCell>{translate('shell.platformTools.email')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{`${a.firstName} ${a.lastName}`}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{a.email}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function NewUserPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [version, setVersion] = useState(0);
  const [formKey, setFormKey] = useState(0);
  return (
    <Page titleKey="shell.platformTools.newUser">
      {({ id }) => (
        <Stack spacing={2}>
          <Card>
            <CardContent>
              <Typography variant="body2" sx={{ mb: 2 }}>
                {translate('shell.platformTools.newUserHelp')}
              </Typography>
              <Form
                key={formKey}
                onSubmit={async (values: Record<string, unknown>) => {
                  try {
                    await shellCalls(dataProvider).send(RESOURCE, `${encodeURIComponent(id)}/administrators`, {
                      method: 'POST',
                      body: {
                        firstName: String(values.firstName ?? ''),
                        lastName: String(values.lastName ?? ''),
                        email: String(values.email ?? ''),
                        phone: values.phone ? String(values.phone) : null,
                        idNumber: values.idNumber ? String(values.idNumber) : null,
                      },
                    });
                    notify('shell.platformTools.created', { type: 'success' });
                    setVersion((v) => v + 1);
                    setFormKey((k) => k + 1);
                  } catch (error) {
                    const body = (error as { body?: { errors?: Record<string, string> } }).body;
                    notify(serverMessage(error) ?? translate('shell.import.failed'), { type: 'error' });
                    return body?.errors;
                  }
                }}
              >
                <Stack sx={{ maxWidth: 480 }}>
                  <TextInput source="firstName" label="shell.platformTools.firstName" validate={required()} />
                  <TextInput source="lastName" label="shell.platformTools.lastName" validate={required()} />
                  <TextInput source="email" label="shell.platformTools.email" validate={[required(), email()]} />
                  <TextInput source="phone" label="shell.platformTools.phone" />
                  <TextInput source="idNumber" label="shell.platformTools.idNumber" />
                  <Box>
                    <SaveButton label="shell.platformTools.create" />
                  </Box>
                </Stack>
              </Form>
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <Typography variant="subtitle1" sx={{ mb: 1 }}>
                {translate('shell.platformTools.administrators')}
              </Typography>
              <Administrators id={id} version={version} />
            </CardContent>
          </Card>
        </Stack>
      )}
    </Page>
  );
}

interface UnitItem {
  id: string;
  number: string;
  aliquot: number;
  type: string | null;
  subComplex: string | null;
  isActive: boolean;
}

/** Units shown at most on the page (the list is searchable). */
const UNITS_SHOWN = 500;

function Units({ id }: { id: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<UnitItem[] | null>(null);
  const load = useCallback(
    (search: string) => {
      const filter = encodeURIComponent(JSON.stringify(search ? { q: search } : {}));
      return shellCalls(dataProvider).send<UnitItem[]>(
        RESOURCE,
        `${encodeURIComponent(id)}/units?range=[0,${UNITS_SHOWN - 1}]&sort=["number","ASC"]&filter=${filter}`,
      );
    },
    [dataProvider, id],
  );
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      load(q).then(
        (list) => alive && setRows(list),
        () => alive && setRows([]),
      );
    }, 500);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [load, q]);
  return (
    <Stack spacing={1}>
      <MuiTextField
        size="small"
        label={translate('ra.action.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ maxWidth: 320 }}
      />
      {!rows ? (
        <ContentLoading />
      ) : !rows.length ? (
        <Typography color="text.secondary">{translate('shell.platformTools.noUnits')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.unidadesHabitacionales.fields.number')}</TableCell>
                <TableCell align="right">{translate('resources.unidadesHabitacionales.fields.aliquot')}</TableCell>
                <TableCell>{translate('resources.unidadesHabitacionales.fields.type')}</TableCell>
                <TableCell>{translate('resources.unidadesHabitacionales.fields.subComplex')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>{u.number}</TableCell>
                  <TableCell align="right">{u.aliquot}</TableCell>
                  <TableCell>{u.type ?? '—'}</TableCell>
                  <TableCell>{u.subComplex ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {rows.length >= UNITS_SHOWN && (
            <Typography variant="caption" color="text.secondary">
              {translate('shell.platformTools.moreUnits', { shown: UNITS_SHOWN })}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}

export function UnitsPage() {
  return (
    <Page titleKey="shell.platformTools.units">
      {({ id }) => (
        <Card>
          <CardContent>
            <Units id={id} />
          </CardContent>
        </Card>
      )}
    </Page>
  );
}
