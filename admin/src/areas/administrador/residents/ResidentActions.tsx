// The edit screen's actions on a resident's account (spec 002 §2.5 items 1, 2 and 10): the reset-password e-mail,
// closing every session, and switching the app access. Each asks first; the server's message shows on a refusal.
import { refusalMessage, shellCalls } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import PhonelinkSetupIcon from '@mui/icons-material/PhonelinkSetup';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { type ReactElement, useEffect, useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useFormatters } from '../../../format.ts';
import { PanelCard } from '../../Panels.tsx';
import { LockUnitButton } from '../units/UnitAccount.tsx';
import { RESIDENT_RESOURCE, type Resident, residentName } from './residentInputs.tsx';

interface ConfirmedActionProps {
  label: string;
  /** A list row's: the icon alone, its text as the tooltip and the accessible name. */
  iconOnly?: boolean;
  icon: ReactElement;
  title: string;
  content: string;
  /** Calls the server; answers the success notice (a key and its arguments). */
  run: (api: ReturnType<typeof shellCalls>, record: Resident) => Promise<{ key: string; args?: Record<string, unknown> }>;
  errorKey: string;
  color?: 'primary' | 'warning' | 'error';
  /** After a success, besides react-admin's refresh (which reloads the record, not a section's own request). */
  onDone?: () => void;
}

function ConfirmedAction({
  label,
  iconOnly = false,
  icon,
  title,
  content,
  run,
  errorKey,
  color = 'primary',
  onDone,
}: ConfirmedActionProps) {
  const record = useRecordContext<Resident>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const args = { name: residentName(record), email: record.email };

  const confirm = async () => {
    setBusy(true);
    try {
      const done = await run(shellCalls(dataProvider), record);
      notify(done.key, { type: 'success', messageArgs: done.args });
      refresh();
      onDone?.();
    } catch (error) {
      const message = refusalMessage(error);
      notify(message ?? errorKey, { type: 'error', messageArgs: message ? { _: message } : undefined });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      {iconOnly ? (
        <Tooltip title={translate(label)}>
          <IconButton aria-label={translate(label)} color={color} onClick={() => setOpen(true)} disabled={busy}>
            {icon}
          </IconButton>
        </Tooltip>
      ) : (
        <Button label={label} color={color} onClick={() => setOpen(true)} disabled={busy}>
          {icon}
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        translateOptions={args}
        content={content}
        contentTranslateOptions={args}
        confirm={label}
        confirmColor={color === 'error' ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const path = (record: Resident, rest: string) => `${encodeURIComponent(record.id)}/${rest}`;

export function ResetPasswordButton() {
  return (
    <ConfirmedAction
      label="shell.resident.resetPassword"
      icon={<LockResetIcon />}
      title="shell.resident.resetTitle"
      content="shell.resident.resetContent"
      errorKey="shell.resident.resetError"
      run={async (api, record) => {
        await api.send(RESIDENT_RESOURCE, path(record, 'password-link'), { method: 'POST' });
        return { key: 'shell.resident.resetDone', args: { email: record.email } };
      }}
    />
  );
}

export function ClearSessionsButton({ onCleared }: { onCleared?: () => void }) {
  return (
    <ConfirmedAction
      onDone={onCleared}
      label="shell.resident.clearSessions"
      icon={<LogoutIcon />}
      title="shell.resident.clearTitle"
      content="shell.resident.clearContent"
      errorKey="shell.resident.clearError"
      run={async (api, record) => {
        const { revoked } = await api.send<{ revoked: number }>(RESIDENT_RESOURCE, path(record, 'sessions/clear'), {
          method: 'POST',
        });
        return revoked > 0
          ? { key: 'shell.resident.cleared', args: { smart_count: revoked } }
          : { key: 'shell.resident.noSessions' };
      }}
    />
  );
}

export function AccessButton({ short = false }: { short?: boolean }) {
  const record = useRecordContext<Resident>();
  if (!record) return null;
  const disabling = record.isActive;
  return (
    <ConfirmedAction
      key={String(disabling)}
      label={disabling ? 'shell.resident.disable' : 'shell.resident.enable'}
      iconOnly={short}
      icon={disabling ? <PhonelinkEraseIcon /> : <PhonelinkSetupIcon />}
      title={disabling ? 'shell.resident.disableTitle' : 'shell.resident.enableTitle'}
      content={disabling ? 'shell.resident.disableContent' : 'shell.resident.enableContent'}
      errorKey="shell.resident.accessError"
      color={disabling ? 'error' : 'primary'}
      run={async (api, current) => {
        await api.send(RESIDENT_RESOURCE, path(current, 'access'), { method: 'PUT', body: { isActive: !disabling } });
        return { key: disabling ? 'shell.resident.disabled' : 'shell.resident.enabled' };
      }}
    />
  );
}

/** Lock or unlock the resident's property (spec 002 §2.5 item 2): the unit's own lock. */
export function LockPropertyButton() {
  const record = useRecordContext<Resident>();
  // The lock comes with the resident (unitLocked); the button's refresh reads it again.
  return record?.unitId ? <LockUnitButton unitId={record.unitId} locked={record.unitLocked} /> : null;
}

interface Session {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

/** The resident's open sessions (each sign-in in the app), newest use first; "Cerrar sesiones" ends them all. */
export function ResidentSessions() {
  const record = useRecordContext<Resident>();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const format = useFormatters();
  const [sessions, setSessions] = useState<Session[] | undefined>();
  const id = record?.id;
  useEffect(() => {
    if (!id) return;
    let live = true;
    shellCalls(dataProvider)
      .send<Session[]>(RESIDENT_RESOURCE, `${encodeURIComponent(id)}/sessions`)
      .then((found) => live && setSessions(found))
      .catch(() => live && setSessions([]));
    return () => {
      live = false;
    };
  }, [dataProvider, id]);
  if (!record) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <PanelCard title={translate('shell.resident.sessions')} id="shell.sessions">
        {sessions === undefined ? (
          <WidgetSkeleton height={80} />
        ) : sessions.length === 0 ? (
          <WidgetEmpty>{translate('shell.resident.noOpenSessions')}</WidgetEmpty>
        ) : (
          <List dense disablePadding>
            {sessions.map((s) => (
              <ListItem key={s.id} disableGutters>
                <ListItemText
                  primary={translate('shell.resident.sessionUsed', { at: format.dateTime(s.lastUsedAt) })}
                  secondary={translate('shell.resident.sessionSince', { at: format.dateTime(s.createdAt) })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </PanelCard>
    </Box>
  );
}

/**
 * The account's actions, on the edit page (only the office's area has one). No useCanAccess here: a check of the
 * page's own resource and action inside <Edit> is the query react-admin's <Edit> waits on without following it, so
 * when <Edit> hid its content while the check ran, the check was cancelled and the page stayed on its progress bar
 * (residents.e2e at 390 px: two runs in four).
 */
export function ResidentAccountActions({ onSessionsCleared }: { onSessionsCleared?: () => void }) {
  return (
    <>
      <ResetPasswordButton />
      <ClearSessionsButton onCleared={onSessionsCleared} />
      <AccessButton />
      <LockPropertyButton />
    </>
  );
}
