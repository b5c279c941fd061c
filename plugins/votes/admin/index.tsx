// The admin half of the votes plugin: /administrador/votacion (create, results live, report, delete), the same
// screens read-only for the board (/directiva/votacion), and the resident's section (vote, change, delegate).
import { defineAdminPlugin } from '@conjunto/core';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { lazy } from 'react';
import manifest from '../manifest.ts';
import es from '../messages/es.ts';

const ROLES = ['administrador', 'superAdministrador', 'directiva'] as const;

const VoteList = lazy(() => import('./VoteList.tsx'));

export default defineAdminPlugin({
  manifest,
  resources: [{ name: 'votacion', apiResource: 'votes', list: VoteList, icon: HowToVoteIcon, roles: ROLES }],
  menu: [
    {
      to: 'votacion',
      labelKey: 'votes.title',
      icon: HowToVoteIcon,
      roles: ['administrador', 'superAdministrador'],
      group: 'community',
    },
    // The board's area (spec 002 §2.3): the same list, read-only (its access table grants no writes).
    { to: 'votacion', labelKey: 'votes.title', icon: HowToVoteIcon, roles: ['directiva'] },
  ],
  panels: [
    {
      id: 'residentVotes',
      slot: 'residentArea',
      titleKey: 'votes.resident.title',
      component: lazy(() => import('./ResidentVotesPanel.tsx')),
      roles: ['residente'],
      access: { resource: 'votes', action: 'ballots' },
      order: 40,
    },
  ],
  messages: { es, en: () => import('../messages/en.ts') },
});
