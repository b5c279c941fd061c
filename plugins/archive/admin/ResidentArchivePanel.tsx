// The resident's section 'Documentos del conjunto': the documents the office marked visible, with their folder,
// size and date, each downloadable.
import { formatDate, type PanelProps } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ArchiveDocument } from '../schemas.ts';
import { useArchiveApi, useDownload } from './archiveApi.ts';

export default function ResidentArchivePanel(_props: PanelProps) {
  const translate = useTranslate();
  const api = useArchiveApi();
  const download = useDownload();
  const [rows, setRows] = useState<ArchiveDocument[] | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api.visibleDocuments().then(
      (data) => live && setRows(data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);
  if (failed) return <Alert severity="error">{translate('archive.errors.load')}</Alert>;
  if (!rows) return <WidgetSkeleton height={120} />;
  if (!rows.length) return <WidgetEmpty>{translate('archive.resident.empty')}</WidgetEmpty>;
  return (
    <List dense data-testid="resident-archive">
      {rows.map((d) => (
        <ListItem
          key={d.id}
          secondaryAction={
            <IconButton
              edge="end"
              aria-label={`${translate('archive.action.download')} ${d.title}`}
              onClick={() => download(d.id)}
            >
              <DownloadIcon />
            </IconButton>
          }
        >
          <ListItemIcon>
            <DescriptionIcon />
          </ListItemIcon>
          <ListItemText
            primary={d.title}
            secondary={[d.folderName, d.size, formatDate(d.createdAt)].filter(Boolean).join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
