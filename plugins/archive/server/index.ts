import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { ArchiveDocument, ArchiveFolder } from './archive.entity.ts';
import { archiveInit } from './migrations/0001_archive.ts';
import { archiveRoutes } from './routes.ts';
import { seedArchive } from './seed.ts';

export default defineServerPlugin({
  manifest,
  entities: [ArchiveFolder, ArchiveDocument],
  migrations: [archiveInit],
  routes: archiveRoutes,
  seedDemo: seedArchive,
});
