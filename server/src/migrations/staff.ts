import type { PluginMigration } from '@conjunto/core';

/**
 * The complex's staff for plugins (core DIRECTORY_VIEWS.staff, host.staff): one row per user and complex they are
 * linked to, with their roles, so a plugin lists one role's people of the request's complex (e.g. the supervisors)
 * without reading the host's tables.
 */
export const staffMigrations: PluginMigration[] = [
  {
    name: 'server_0014_directory_staff',
    up: [
      `create view directory_staff as
         select u.id, uc.complex_id, u.first_name || ' ' || u.last_name as name, u.first_name, u.last_name, u.email,
                u.phone, u.id_number, u.is_active, u.roles, u.created_at
           from users u join user_complexes uc on uc.user_id = u.id`,
    ],
  },
];
