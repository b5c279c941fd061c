import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { votesInit } from './migrations/0001_votes.ts';
import { voteAttendance } from './migrations/0002_vote_attendance.ts';
import { voteRoutes } from './routes.ts';
import { seedVotes } from './seed.ts';
import { Vote } from './vote.entity.ts';

export default defineServerPlugin({
  manifest,
  entities: [Vote],
  migrations: [votesInit, voteAttendance],
  routes: voteRoutes,
  seedDemo: seedVotes,
});
