// The admin half of the archive plugin: /administrador/archivo (folders and documents: upload, edit, delete,
// download; also at the spec's 'repositorio') and the resident's section with the documents marked visible.
import { defineAdminPlugin } from '@conjunto/core';
import FolderIcon from '@mui/icons-material/Folder';
import { lazy } from 'react';
import { ResourceContextProvider } from 'react-admin';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const OFFICE = ['administrador', 'superAdministrador'] as const;

const ArchiveList = lazy(() => import('./ArchiveList.tsx'));

export default defineAdminPlugin({
  manifest,
  resources: [
    { name: 'archivo', apiResource: 'archive-documents', list: ArchiveList, icon: FolderIcon, roles: OFFICE },
    // The folders: no page of their own (the archive's screen shows them), a resource for the data hooks.
    { name: 'archivo-carpetas', apiResource: 'archive-folders', roles: OFFICE },
  ],
  // spec 000 §2.4: the administrator's routing table also has 'repositorio', the same repository.
  routes: [
    {
      path: 'repositorio',
      element: (
        <ResourceContextProvider value="archivo">
          <ArchiveList />
        </ResourceContextProvider>
      ),
      roles: OFFICE,
      resource: 'archivo',
    },
  ],
  menu: [{ to: 'archivo', labelKey: 'archive.title', icon: FolderIcon, roles: OFFICE, group: 'administration' }],
  panels: [
    {
      id: 'residentArchive',
      slot: 'residentArea',
      titleKey: 'archive.resident.title',
      component: lazy(() => import('./ResidentArchivePanel.tsx')),
      roles: ['residente', 'directiva'],
      access: { resource: 'archive-documents', action: 'list' },
      order: 90,
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
