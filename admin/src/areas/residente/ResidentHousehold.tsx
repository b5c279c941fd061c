// "Mi hogar" (issue 12): the plugins' sections for the resident's own household (slot 'residentArea': statement,
// charges and transfers from accounting; family, approvers, plates, tags ... from the residents plugin), in their
// order. The unit comes from the resident's own record; each section's server routes take it from the session.
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Title, useTranslate } from 'react-admin';
import { useArea } from '../AreaContext.ts';
import { Panels } from '../Panels.tsx';
import { useMe } from './useMe.ts';

export default function ResidentHousehold() {
  const translate = useTranslate();
  const { panels } = useArea();
  const { me, error } = useMe();
  const none = !panels.some((p) => p.slot === 'residentArea');
  return (
    <Box sx={{ mb: 3 }}>
      <Title title={translate('shell.residentArea.household')} />
      {error ? (
        <WidgetEmpty>{error}</WidgetEmpty>
      ) : !me ? (
        <WidgetSkeleton />
      ) : none ? (
        <WidgetEmpty>{translate('shell.residentArea.noSections')}</WidgetEmpty>
      ) : (
        <>
          {me.locked ? <Alert severity="warning">{translate('shell.residentArea.locked')}</Alert> : null}
          <Panels slot="residentArea" residentId={me.id} unitId={me.unitId} paymentsOnly={me.locked} />
        </>
      )}
    </Box>
  );
}
