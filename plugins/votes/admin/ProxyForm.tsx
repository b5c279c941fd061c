// The office registers a proxy (a unit's letter giving its vote to another resident, as assemblies receive them)
// and revokes one: recorded and audited by the server, listed on the results. Shown to the roles that may ('proxies').
import { refusalMessage } from '@conjunto/core';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { VoteResults } from '../schemas.ts';
import { useVoteApi } from './votesApi.ts';

interface Option {
  id: string;
  label: string;
}

export function ProxyForm({ results, onDone }: { results: VoteResults; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const api = useVoteApi();
  const [unit, setUnit] = useState<Option | null>(null);
  const [holder, setHolder] = useState<Option | null>(null);
  const [query, setQuery] = useState('');
  const [people, setPeople] = useState<Option[]>([]);
  const [saving, setSaving] = useState(false);
  const units: Option[] = [...(results.voters ?? []), ...(results.nonVoters ?? [])]
    .map((u) => ({ id: u.unitId, label: u.unitNumber }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es', { numeric: true }));
  useEffect(() => {
    const timer = setTimeout(() => {
      dataProvider
        .getList<{ id: string; firstName: string; lastName: string; unitNumber: string | null }>('residents', {
          filter: query.trim() ? { q: query.trim() } : {},
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'lastName', order: 'ASC' },
        })
        .then(
          ({ data }) =>
            setPeople(
              data.map((p) => ({
                id: String(p.id),
                label: `${p.firstName} ${p.lastName}${p.unitNumber ? ` · ${p.unitNumber}` : ''}`,
              })),
            ),
          () => setPeople([]),
        );
    }, 300);
    return () => clearTimeout(timer);
  }, [dataProvider, query]);
  const save = async () => {
    if (!unit || !holder) return;
    setSaving(true);
    try {
      await api.registerProxy(results.voteId, unit.id, holder.id);
      notify('votes.notifications.proxyRegistered', { type: 'success' });
      setUnit(null);
      setHolder(null);
      onDone();
    } catch (error) {
      notify(refusalMessage(error) ?? 'votes.errors.vote', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, mt: 1 }}>
      <Autocomplete
        sx={{ minWidth: 180 }}
        size="small"
        options={units}
        value={unit}
        onChange={(_, value) => setUnit(value)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label={translate('votes.results.unit')} />}
        noOptionsText={translate('votes.empty')}
      />
      <Autocomplete
        sx={{ minWidth: 260, flex: 1 }}
        size="small"
        options={people}
        value={holder}
        filterOptions={(x) => x}
        onChange={(_, value) => setHolder(value)}
        onInputChange={(_, value) => setQuery(value)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} label={translate('votes.results.proxyHolder')} />}
        noOptionsText={translate('votes.empty')}
      />
      <Button variant="outlined" disabled={!unit || !holder || saving} onClick={save}>
        {translate('votes.action.registerProxy')}
      </Button>
    </Stack>
  );
}
