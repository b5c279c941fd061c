// 'Nueva votación': the name, the questions with their options (the limits and texts of spec 002 §5, checked here for
// comfort and again by the server), the end, the weighted and arrears flags, and up to 4 files.
import { businessDay, refusalMessage, serverFieldErrors } from '@conjunto/core';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ChangeEvent, useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  VOTE_FILE_BYTES_MAX,
  VOTE_FILES_MAX,
  VOTE_OPTION_MAX,
  VOTE_OPTIONS_MAX,
  VOTE_OPTIONS_MIN,
  VOTE_QUESTION_MAX,
  VOTE_QUESTIONS_MAX,
  VOTE_TITLE_MAX,
} from '../manifest.ts';
import { checkVoteDraft } from '../rules.ts';
import type { VoteCreated } from '../schemas.ts';
import { useVoteApi, VOTE_RESOURCE } from './votesApi.ts';

interface Draft {
  text: string;
  options: string[];
}

const blank = (): Draft => ({ text: '', options: ['', ''] });
/** A week from now at 18:00, Guayaquil time ('YYYY-MM-DDTHH:mm', as the datetime-local field holds it). */
const defaultEnd = () => `${businessDay(new Date(Date.now() + 7 * 86_400_000))}T18:00`;
/**
 * The field's wall time is Guayaquil's (UTC-5 all year, no daylight saving; DESIGN §5), whatever the browser's
 * zone: '2026-12-05T18:00' is the instant 2026-12-05T23:00Z.
 */
const endInstant = (value: string) => `${value}:00-05:00`;

export default function VoteCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const api = useVoteApi();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [title, setTitle] = useState('');
  const [questions, setQuestions] = useState<Draft[]>([blank()]);
  const [endsAt, setEndsAt] = useState(defaultEnd);
  const [weighted, setWeighted] = useState(true);
  const [excludeArrears, setExcludeArrears] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const v = (key: string) => translate(`votes.validation.${key}`);
  /** A field's message goes once it is edited (the next save checks again). */
  const clear = (key: string) =>
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });

  // The same check as the server's (../rules.ts), with the messages of the chosen language.
  const validate = () => {
    const { problems } = checkVoteDraft({ title, questions, endsAt: endInstant(endsAt) });
    const out = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, v(problem)]));
    setErrors(out);
    return Object.keys(out).length === 0;
  };

  const update = (i: number, change: (q: Draft) => Draft) => setQuestions((qs) => qs.map((q, k) => (k === i ? change(q) : q)));
  const addQuestion = () => {
    if (questions.length >= VOTE_QUESTIONS_MAX) {
      notify(v('questionLimit'), { type: 'warning' });
      return;
    }
    setQuestions((qs) => [...qs, blank()]);
  };
  const addOption = (i: number) => {
    if (questions[i].options.length >= VOTE_OPTIONS_MAX) {
      notify(v('optionLimit'), { type: 'warning' });
      return;
    }
    update(i, (q) => ({ ...q, options: [...q.options, ''] }));
  };
  const pickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.some((f) => f.size > VOTE_FILE_BYTES_MAX)) {
      notify(v('fileTooLarge'), { type: 'warning' });
      return;
    }
    if (files.length + picked.length > VOTE_FILES_MAX) {
      notify(v('filesLimit'), { type: 'warning' });
      return;
    }
    setFiles((fs) => [...fs, ...picked]);
  };

  const save = async () => {
    if (!validate()) return;
    setSaving(true);
    try {
      const { data } = await dataProvider.create<VoteCreated & { id: string }>(VOTE_RESOURCE, {
        data: {
          title: title.trim(),
          questions: questions.map((q) => ({ text: q.text.trim(), options: q.options.map((o) => o.trim()) })),
          endsAt: new Date(endInstant(endsAt)).toISOString(),
          weighted,
          excludeArrears,
        },
      });
      if (files.length)
        await api
          .upload(data.id, files)
          .catch((error) =>
            notify('votes.notifications.filesFailed', { type: 'warning', messageArgs: { message: refusalMessage(error) ?? '' } }),
          );
      if (data.arrears.status === 'unavailable')
        notify('votes.notifications.arrearsUnavailable', {
          type: 'warning',
          messageArgs: { message: data.arrears.message ?? '' },
        });
      else if (data.arrears.status === 'applied')
        notify('votes.notifications.arrearsApplied', { type: 'success', messageArgs: { count: data.excludedUnits } });
      else notify('votes.notifications.created', { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      // The open-votes limit in the user's language (spec 002 §8 gives it in both); other refusals as the server says.
      const limit = (error as { body?: { code?: unknown } }).body?.code === 'VOTE_LIMIT';
      notify(limit ? 'votes.validation.voteLimit' : (refusalMessage(error) ?? 'votes.errors.create'), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="vote-create-title"
    >
      <DialogTitle id="vote-create-title">{translate('votes.create.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={translate('votes.create.name')}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              clear('title');
            }}
            required
            slotProps={{ htmlInput: { maxLength: VOTE_TITLE_MAX } }}
            error={Boolean(errors.title)}
            helperText={errors.title ?? translate('votes.create.charsHelp')}
          />
          {questions.map((q, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: questions are edited in place by position
            <Paper key={i} variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  fullWidth
                  label={translate('votes.create.question', { n: i + 1 })}
                  value={q.text}
                  onChange={(e) => {
                    update(i, (d) => ({ ...d, text: e.target.value }));
                    clear(`questions.${i}.text`);
                  }}
                  required
                  slotProps={{ htmlInput: { maxLength: VOTE_QUESTION_MAX } }}
                  error={Boolean(errors[`questions.${i}.text`])}
                  helperText={errors[`questions.${i}.text`]}
                />
                {questions.length > 1 && (
                  <Tooltip title={translate('votes.action.removeQuestion')}>
                    <IconButton
                      aria-label={translate('votes.action.removeQuestion')}
                      onClick={() => setQuestions((qs) => qs.filter((_, k) => k !== i))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
              <Stack spacing={1} sx={{ mt: 1, pl: { xs: 0, sm: 2 } }}>
                {q.options.map((o, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
                  <Stack key={j} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                      fullWidth
                      size="small"
                      label={translate('votes.create.option', { n: j + 1 })}
                      value={o}
                      onChange={(e) =>
                        update(i, (d) => ({ ...d, options: d.options.map((x, k) => (k === j ? e.target.value : x)) }))
                      }
                      required
                      slotProps={{ htmlInput: { maxLength: VOTE_OPTION_MAX } }}
                      error={Boolean(errors[`questions.${i}.options.${j}`])}
                      helperText={errors[`questions.${i}.options.${j}`]}
                    />
                    {q.options.length > VOTE_OPTIONS_MIN && (
                      <Tooltip title={translate('votes.action.removeOption')}>
                        <IconButton
                          size="small"
                          aria-label={translate('votes.action.removeOption')}
                          onClick={() => update(i, (d) => ({ ...d, options: d.options.filter((_, k) => k !== j) }))}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Stack>
                ))}
                {errors[`questions.${i}.options`] && <FormHelperText error>{errors[`questions.${i}.options`]}</FormHelperText>}
                <Button size="small" startIcon={<AddIcon />} onClick={() => addOption(i)} sx={{ alignSelf: 'flex-start' }}>
                  {translate('votes.action.addOption')}
                </Button>
              </Stack>
            </Paper>
          ))}
          {errors.questions && <FormHelperText error>{errors.questions}</FormHelperText>}
          <Button startIcon={<AddIcon />} onClick={addQuestion} sx={{ alignSelf: 'flex-start' }}>
            {translate('votes.action.addQuestion')}
          </Button>
          <TextField
            type="datetime-local"
            label={translate('votes.create.endsAt')}
            value={endsAt}
            onChange={(e) => {
              setEndsAt(e.target.value);
              clear('endsAt');
            }}
            required
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(errors.endsAt)}
            helperText={errors.endsAt}
          />
          <FormControlLabel
            control={<Switch checked={weighted} onChange={(e) => setWeighted(e.target.checked)} />}
            label={translate('votes.create.weighted')}
          />
          <FormHelperText sx={{ mt: '-8px !important' }}>{translate('votes.create.weightedHelp')}</FormHelperText>
          <FormControlLabel
            control={<Switch checked={excludeArrears} onChange={(e) => setExcludeArrears(e.target.checked)} />}
            label={translate('votes.create.excludeArrears')}
          />
          <FormHelperText sx={{ mt: '-8px !important' }}>{translate('votes.create.excludeArrearsHelp')}</FormHelperText>
          <Stack spacing={1}>
            <Typography variant="subtitle2">
              {translate('votes.create.files', { count: files.length, max: VOTE_FILES_MAX })}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {files.map((f, i) => (
                <Chip
                  // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name
                  key={`${f.name}-${i}`}
                  label={f.name}
                  onDelete={() => setFiles((fs) => fs.filter((_, k) => k !== i))}
                />
              ))}
            </Stack>
            <Button component="label" startIcon={<AttachFileIcon />} sx={{ alignSelf: 'flex-start' }}>
              {translate('votes.action.attach')}
              <input type="file" hidden multiple onChange={pickFiles} />
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate('votes.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('votes.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
