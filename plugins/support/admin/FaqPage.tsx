// /administrador/faq (and the supervisor's and the board's): the platform's published questions, grouped by category in
// an accordion, searchable, exportable. Read-only: platform staff write them at /superAdministrador/FAQ.
import { ExportButton } from '@conjunto/core/ui';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Title, useGetList, useTranslate } from 'react-admin';
import type { Faq } from '../schemas.ts';
import { FAQ_RESOURCE } from './supportApi.ts';

/** A FAQ holds tens of questions: one page holds them all. */
const ALL = { page: 1, perPage: 500 };
const SORT = { field: 'sortOrder', order: 'ASC' as const };

/** The text typed, applied a moment after the last key (one request per pause, not per key). */
function useDebounced(value: string, ms = 300) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export default function FaqPage() {
  const translate = useTranslate();
  const [q, setQ] = useState('');
  const search = useDebounced(q.trim());
  const filter = useMemo(() => (search ? { q: search } : {}), [search]);
  const { data, total, isPending, error } = useGetList<Faq>(FAQ_RESOURCE, { pagination: ALL, sort: SORT, filter });
  const groups = useMemo(() => {
    const byCategory = new Map<string, Faq[]>();
    for (const row of data ?? []) byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row]);
    // Categories in the order of their first question: staff's order decides.
    return [...byCategory.entries()];
  }, [data]);

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('support.faq.title')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={translate('support.faq.search')}
          size="small"
          sx={{ flex: 1, maxWidth: 480 }}
          slotProps={{
            htmlInput: { 'aria-label': translate('support.faq.search'), maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ flex: 1 }} />
        {/* The two exports side by side at the right, on a phone too. */}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <ExportButton list={{ resource: FAQ_RESOURCE, filter, sort: SORT, total }} />
          <ExportButton format="xlsx" list={{ resource: FAQ_RESOURCE, filter, sort: SORT, total }} />
        </Stack>
      </Stack>
      {error ? (
        <Alert severity="error">{translate('support.errors.loadFaq')}</Alert>
      ) : isPending ? (
        <Stack spacing={1} role="status" aria-label={translate('ra.page.loading')}>
          {[0, 1, 2, 3, 4].map((n) => (
            <Skeleton key={n} variant="rounded" height={48} />
          ))}
        </Stack>
      ) : groups.length === 0 ? (
        <Card sx={{ p: 3 }}>
          <Typography color="text.secondary">{translate(search ? 'support.faq.noMatch' : 'support.faq.empty')}</Typography>
        </Card>
      ) : (
        groups.map(([category, rows]) => (
          <Box key={category} sx={{ mb: 2 }} component="section" aria-label={category}>
            <Typography variant="overline" color="text.secondary" component="h2">
              {category}
            </Typography>
            {rows.map((row) => (
              <Accordion key={row.id} disableGutters>
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Typography sx={{ fontWeight: 500 }}>{row.question}</Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <Typography sx={{ whiteSpace: 'pre-wrap' }}>{row.answer}</Typography>
                </AccordionDetails>
              </Accordion>
            ))}
          </Box>
        ))
      )}
    </Box>
  );
}
