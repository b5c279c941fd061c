// /api/plugins and /api/modules/catalogue for every signed-in user; /api/platform/* for platform staff
// (superAdministrador): the platform-wide plugin switches, companies, complexes and users.
import {
  CLOSED,
  ERROR_RESPONSES,
  forbidden,
  IdParams,
  type ModuleSwitch,
  moduleSwitchName,
  notFound,
  type PluginApp,
  type ServerPlugin,
} from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import { Type } from 'typebox';
import { companyRoutes } from './companies.ts';
import { complexRoutes } from './complexes.ts';
import { PlatformPlugin } from './platform.entities.ts';
import { PluginStateSchema } from './schemas.ts';
import { userRoutes } from './users.ts';

export async function platformRoutes(app: PluginApp, plugins: readonly ServerPlugin[], catalogue: readonly ModuleSwitch[]) {
  /** Installed plugins with their platform switch (a plugin without a stored row is enabled). */
  const pluginStates = async (em: EntityManager) => {
    const stored = new Map((await em.find(PlatformPlugin, {})).map((p) => [p.id, p.enabled]));
    return plugins.map((p) => ({
      id: p.manifest.id,
      title: p.manifest.titleKey,
      enabled: stored.get(p.manifest.id) ?? true,
      moduleSwitch: moduleSwitchName(p.manifest) ?? null,
      dependsOn: [...(p.manifest.dependsOn ?? [])],
    }));
  };
  const pluginList = {
    tags: ['platform'],
    summary: 'Installed plugins and whether they are enabled',
    response: { 200: Type.Array(PluginStateSchema) },
  };

  await app.register(async (scope) => {
    scope.addHook('onRequest', app.authenticate);
    scope.get('/plugins', { schema: pluginList }, (request) => pluginStates(request.em));
    scope.get(
      '/modules/catalogue',
      {
        schema: {
          tags: ['modules'],
          summary: 'Every module switch with its label, default and, for an installed plugin, the plugin it belongs to',
          response: {
            200: Type.Array(
              Type.Object({
                name: Type.String(),
                label: Type.String(),
                default: Type.Boolean(),
                plugin: Type.Optional(Type.String()),
              }),
            ),
          },
        },
      },
      async () => catalogue,
    );
  });

  await app.register(
    async (scope: PluginApp) => {
      scope.addHook('onRequest', async (request) => {
        await app.authenticate(request);
        if (!request.user.roles.includes('superAdministrador')) throw forbidden();
      });
      scope.get('/plugins', { schema: pluginList }, (request) => pluginStates(request.em));
      scope.put(
        '/plugins/:id',
        {
          schema: {
            tags: ['platform'],
            summary: 'Enable or disable a plugin for the whole platform',
            params: IdParams,
            body: Type.Object({ enabled: Type.Boolean() }, CLOSED),
            response: { 200: PluginStateSchema, ...ERROR_RESPONSES },
          },
        },
        async (request) => {
          const { id } = request.params;
          if (!plugins.some((p) => p.manifest.id === id)) throw notFound();
          await request.em.upsert(PlatformPlugin, { id, enabled: request.body.enabled });
          return (await pluginStates(request.em)).find((p) => p.id === id)!;
        },
      );
      await companyRoutes(scope);
      await complexRoutes(scope, plugins);
      await userRoutes(scope);
    },
    { prefix: '/platform' },
  );
}
