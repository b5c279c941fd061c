// The unit's pets on the resident's detail (slot 'resident') and in the resident's own area ('residentArea').
import type { PanelProps } from '@conjunto/core';
import { formatDate } from '@conjunto/core';
import { WidgetEmpty, WidgetSkeleton } from '@conjunto/core/ui';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import { useGetList, useTranslate } from 'react-admin';
import { PetAvatar } from './PetAvatar.tsx';
import { PETS, type Pet, VaccinationChip } from './shared.tsx';

export default function PetsPanel({ unitId }: PanelProps) {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<Pet>(
    PETS,
    { filter: { unitId }, sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 20 } },
    { enabled: Boolean(unitId) },
  );
  if (!unitId) return <WidgetEmpty>{translate('residents.pets.panel.empty')}</WidgetEmpty>;
  if (isPending) return <WidgetSkeleton height={120} />;
  if (error) return <WidgetEmpty>{translate('residents.pets.errors.load')}</WidgetEmpty>;
  if (!data?.length) return <WidgetEmpty>{translate('residents.pets.panel.empty')}</WidgetEmpty>;
  return (
    <List dense disablePadding>
      {data.map((p) => (
        <ListItem key={p.id} disableGutters secondaryAction={<VaccinationChip value={p.vaccination} />}>
          <ListItemAvatar>
            <PetAvatar pet={p} />
          </ListItemAvatar>
          <ListItemText
            primary={p.name}
            secondary={[
              translate(`residents.pets.species.${p.species}`),
              p.breed,
              p.vaccinatedOn ? formatDate(p.vaccinatedOn) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
            sx={{ pr: 14, overflowWrap: 'anywhere' }}
          />
        </ListItem>
      ))}
    </List>
  );
}
