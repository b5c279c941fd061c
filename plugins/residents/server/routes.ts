// The plugin's route modules, one per aggregate, mounted under /api/complexes/:complexId.
import type { HostServices, PluginApp } from '@conjunto/core';

export async function residentsRoutes(_app: PluginApp, _host: HostServices) {}
