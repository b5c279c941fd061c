// /api/complexes/:complexId/plates (switch PlacasResidentes): the residents' vehicle plates.
import type { HostServices, PluginApp } from '@conjunto/core';
import { Plate } from './plate.entity.ts';
import { vehicleRoutes } from './vehicle-routes.ts';

export const plateRoutes = (app: PluginApp, host: HostServices) => vehicleRoutes(app, host, 'plates', Plate);
