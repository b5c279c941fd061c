// The area's form at the spec's paths areascomunales/areacomunal (new) and areascomunales/areacomunal/:areaId (edit):
// its data, and how it is booked (by hours or blocks, opening hours and days, notice, monthly limit).
import { FocusFirstError } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  BooleanInput,
  CheckboxGroupInput,
  Create,
  DeleteWithConfirmButton,
  Edit,
  FormDataConsumer,
  maxLength,
  NumberInput,
  number,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import { AREA_LIMITS as A, AREA_MODES, minutesOf } from '../reservations.ts';
import type { Area } from '../schemas.ts';
import { useAreaPaths } from './AreaList.tsx';
import { AreaPhotos } from './AreaPhotos.tsx';
import { AREAS, k } from './shared.tsx';

const twoDecimals = (value: unknown) =>
  value == null || value === '' || Math.round(Number(value) * 100) === Number(value) * 100
    ? undefined
    : k('validation.twoDecimals');
const hoursInOrder = (closes: string, values: { opensAt?: string }) =>
  values.opensAt && closes && minutesOf(closes) <= minutesOf(values.opensAt) ? k('validation.closesAfterOpens') : undefined;

const DEFAULTS = {
  enabled: true,
  allowQr: true,
  price: 0,
  deposit: 0,
  mode: 'horas',
  opensAt: '08:00',
  closesAt: '22:00',
  slotMinutes: 60,
  maxSlots: 4,
  minNoticeHours: 24,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
};

function Fields() {
  const translate = useTranslate();
  const modes = AREA_MODES.map((id) => ({ id, name: translate(k(`mode.${id}`)) }));
  const days = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: translate(k(`weekdays.${id}`)) }));
  return (
    <>
      <FocusFirstError />
      <Typography variant="subtitle1">{translate(k('area.general'))}</Typography>
      <TextInput source="name" validate={[required(), maxLength(A.name)]} fullWidth />
      <TextInput source="description" multiline minRows={2} validate={maxLength(A.description)} fullWidth />
      <TextInput source="rules" multiline minRows={3} validate={maxLength(A.rules)} fullWidth />
      <BooleanInput source="enabled" />
      <BooleanInput source="allowQr" helperText={k('area.qrHelp')} />
      <NumberInput source="capacity" min={1} max={A.capacityMax} step={1} />
      <NumberInput source="price" min={0} max={A.amountMax} step={0.01} validate={[number(), twoDecimals]} />
      <NumberInput source="deposit" min={0} max={A.amountMax} step={0.01} validate={[number(), twoDecimals]} />
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {translate(k('area.booking'))}
      </Typography>
      <SelectInput source="mode" choices={modes} validate={required()} helperText={k('area.modeHelp')} />
      <TextInput source="opensAt" type="time" validate={required()} />
      <TextInput source="closesAt" type="time" validate={[required(), hoursInOrder]} />
      <NumberInput
        source="slotMinutes"
        min={A.slotMinutesMin}
        max={A.slotMinutesMax}
        step={15}
        validate={required()}
        helperText={k('area.slotHelp')}
      />
      <FormDataConsumer>
        {({ formData }) =>
          formData.mode === 'horas' && (
            <NumberInput source="maxSlots" min={1} max={A.maxSlotsMax} step={1} helperText={k('area.maxSlotsHelp')} />
          )
        }
      </FormDataConsumer>
      <NumberInput source="minNoticeHours" min={0} max={A.minNoticeHoursMax} step={1} helperText={k('area.noticeHelp')} />
      <NumberInput source="maxPerUnitMonth" min={1} max={A.maxPerUnitMonthMax} step={1} helperText={k('area.perMonthHelp')} />
      <CheckboxGroupInput source="weekdays" choices={days} validate={required()} />
    </>
  );
}

/** Only the fields the API takes (the record also has id, photos, createdAt). */
const toWrite = ({ id: _id, photos: _photos, createdAt: _createdAt, ...data }: Partial<Area>) => ({
  ...data,
  capacity: data.capacity || null,
  maxPerUnitMonth: data.maxPerUnitMonth || null,
});

export function AreaCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const paths = useAreaPaths();
  return (
    <Create
      resource={AREAS}
      title={translate(k('area.create'))}
      transform={toWrite}
      mutationOptions={{
        onSuccess: () => {
          notify(k('area.saved'), { type: 'success' });
          navigate(paths.list);
        },
      }}
    >
      <SimpleForm defaultValues={DEFAULTS}>
        <Fields />
      </SimpleForm>
    </Create>
  );
}

function EditToolbar() {
  const record = useRecordContext<Area>();
  const paths = useAreaPaths();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton
        confirmTitle={k('area.deleteTitle')}
        confirmContent={k('area.deleteContent')}
        translateOptions={{ name: record?.name ?? '' }}
        redirect={paths.list}
      />
    </Toolbar>
  );
}

export function AreaEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const { areaId } = useParams();
  if (!areaId) return <Alert severity="error">{translate(k('errors.load'))}</Alert>;
  return (
    <Edit
      resource={AREAS}
      id={areaId}
      title={translate(k('area.edit'))}
      transform={toWrite}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify(k('area.saved'), { type: 'success' });
          navigate(paths.list);
        },
      }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <Fields />
      </SimpleForm>
      <AreaPhotos />
    </Edit>
  );
}
