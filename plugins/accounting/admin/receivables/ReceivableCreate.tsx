// Generación de expensas extraordinarias: one charge for one unit, several, or every active unit (a mass
// charge), with its rubro, value and due date. The API answers the charges it created.

import { businessDay, MESSAGES, serverFieldErrors } from '@conjunto/core';
import { DayInput } from '@conjunto/core/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Toolbar from '@mui/material/Toolbar';
import {
  AutocompleteArrayInput,
  BooleanInput,
  CanAccess,
  maxLength,
  NumberInput,
  ReferenceArrayInput,
  TextInput,
  Title,
  useDataProvider,
  useGetList,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { API, useNotifyError } from '../shared/accountingApi.ts';
import { CategoryInput, SubcategoryInput } from '../shared/CategoryInputs.tsx';
import type { Unit } from '../shared/directory.ts';
import { BackToList, Form, SubmitButton } from '../shared/FormScreens.tsx';
import { RESOURCES } from '../shared/paths.ts';
import { positiveAmount, requiredValue } from '../shared/validators.ts';
import { textOrNull } from '../shared/values.ts';

interface Values {
  allUnits: boolean;
  unitIds: string[];
  name: string;
  description?: string;
  category: string;
  subcategory?: string | null;
  amount: number;
  dueDate: string;
}

const half = { xs: 12, sm: 6 } as const;

function useActiveUnits() {
  const { data } = useGetList<Unit>(API.units, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'number', order: 'ASC' },
    filter: { isActive: true },
  });
  return data ?? [];
}

function UnitsInput() {
  const translate = useTranslate();
  const allUnits = useWatch({ name: 'allUnits' }) as boolean;
  const units = useActiveUnits();
  return (
    <>
      <BooleanInput source="allUnits" helperText={translate('accounting.receivables.allUnitsHelp', { count: units.length })} />
      {!allUnits && (
        <ReferenceArrayInput
          source="unitIds"
          reference={API.units}
          sort={{ field: 'number', order: 'ASC' }}
          perPage={50}
          filter={{ isActive: true }}
        >
          <AutocompleteArrayInput optionText="number" filterToQuery={(q: string) => ({ q })} validate={requiredValue} />
        </ReferenceArrayInput>
      )}
    </>
  );
}

export default function ReceivableCreate() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();

  const submit = async (values: Partial<Values>) => {
    // All units: the server takes every active unit itself (no list of ids from the browser).
    const unitIds = values.allUnits ? undefined : (values.unitIds ?? []);
    if (unitIds && !unitIds.length) return { unitIds: MESSAGES.required };
    try {
      const { data } = await dataProvider.create(RESOURCES.receivables, {
        data: {
          unitIds,
          name: String(values.name ?? '').trim(),
          description: textOrNull(values.description),
          category: values.category,
          subcategory: values.subcategory || null,
          amount: Number(values.amount),
          dueDate: values.dueDate,
        },
      });
      const count = Array.isArray(data) ? data.length : 1;
      notify('accounting.receivables.created', { type: 'success', messageArgs: { smart_count: count } });
      redirect('list', RESOURCES.receivables);
      return undefined;
    } catch (error) {
      notifyError(error, 'accounting.receivables.createError');
      return serverFieldErrors(error);
    }
  };

  return (
    <CanAccess action="create" accessDenied={<BackToList />}>
      <Title title="accounting.receivables.createTitle" />
      <Card sx={{ mt: 2 }}>
        <Form<Values> onSubmit={submit} defaultValues={{ allUnits: false, unitIds: [], dueDate: businessDay(), name: '' }}>
          <CardContent>
            <Box sx={{ width: '100%', maxWidth: 800 }}>
              <UnitsInput />
              <Grid container columnSpacing={2}>
                <Grid size={half}>
                  <TextInput source="name" validate={[requiredValue, maxLength(150)]} />
                </Grid>
                <Grid size={half}>
                  <NumberInput source="amount" validate={positiveAmount} min={0} step={0.01} />
                </Grid>
                <Grid size={half}>
                  <CategoryInput kind="income" source="category" subcategorySource="subcategory" validate={requiredValue} />
                </Grid>
                <Grid size={half}>
                  <SubcategoryInput kind="income" source="subcategory" categorySource="category" />
                </Grid>
                <Grid size={half}>
                  <DayInput source="dueDate" validate={requiredValue} />
                </Grid>
                <Grid size={{ xs: 12 }}>
                  <TextInput source="description" validate={maxLength(500)} multiline />
                </Grid>
              </Grid>
            </Box>
          </CardContent>
          <Toolbar sx={{ gap: 1 }}>
            <SubmitButton label="accounting.receivables.createCharges" />
            <Button onClick={() => redirect('list', RESOURCES.receivables)}>{translate('ra.action.cancel')}</Button>
          </Toolbar>
        </Form>
      </Card>
    </CanAccess>
  );
}
