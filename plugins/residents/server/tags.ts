// /api/complexes/:complexId/tags (switch TagsResidentes): the residents' vehicle tags.
import type { HostServices, PluginApp } from '@conjunto/core';
import { Tag } from './tag.entity.ts';
import { vehicleRoutes } from './vehicle-routes.ts';

export const tagRoutes = (app: PluginApp, host: HostServices) => vehicleRoutes(app, host, 'tags', Tag);
