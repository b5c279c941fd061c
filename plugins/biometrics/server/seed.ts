// Demo fleet: two controllers (the second fails its SSH check) and five devices in mixed states.
import { type DemoSeedContext, newId } from '@conjunto/core';

const DEVICES = [
  { name: 'Entrada principal', location: 'Garita norte', status: 'active', controller: 0 },
  { name: 'Torre A - Lobby', location: 'Torre A, planta baja', status: 'active', controller: 0 },
  { name: 'Parqueadero', location: 'Subsuelo 1', status: 'inactive', controller: 0 },
  { name: 'Torre B - Lobby', location: 'Torre B, planta baja', status: 'active', controller: 1 },
  { name: 'Gimnasio', location: 'Área comunal', status: 'connection_error', controller: 1 },
];

export async function seedBiometrics(ctx: DemoSeedContext): Promise<void> {
  const complex = ctx.complexes[0];
  if (!complex) return;
  // The simulator treats controllers on 10.255.0.0/16 as unreachable: the second one shows the SSH alert.
  const controllers = [
    { id: newId(), sequence: 1, ip: '192.168.10.20' },
    { id: newId(), sequence: 2, ip: '10.255.10.21' },
  ];
  for (const c of controllers) {
    await ctx.em.execute('insert into biometric_controllers (id, complex_id, sequence, ip, port, username) values (?, ?, ?, ?, 22, ?)', [c.id, complex.id, c.sequence, c.ip, 'pi']);
  }
  let n = 0;
  for (const d of DEVICES) {
    await ctx.em.execute(
      `insert into biometric_devices (id, complex_id, controller_id, name, location, ip, brand, status, created_at)
       values (?, ?, ?, ?, ?, ?, 'Hikvision', ?, now() - (? || ' days')::interval)`,
      [newId(), complex.id, controllers[d.controller].id, d.name, d.location, `192.168.10.${101 + n}`, d.status, String(30 - n * 5)],
    );
    n++;
  }
  await ctx.em.execute(`update complexes set modules = modules || '{"RostrosResidentes": true}'::jsonb where id = ?`, [complex.id]);
}
