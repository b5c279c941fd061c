// Demo data for a fresh database (never in production): the accounts of the README, three complexes
// with units and residents, and whatever each plugin seeds.

import type { DemoSeedContext, ServerPlugin } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import { hash } from '@node-rs/argon2';
import { Company } from '../directory/company.entity.ts';
import { Complex } from '../directory/complex.entity.ts';
import { directoryOf } from '../directory/reader.ts';
import { naturalSortKey, SubComplex, Unit, UnitType } from '../directory/unit.entity.ts';
import { User, UserComplex } from '../directory/user.entity.ts';
import { MailOutbox } from '../mail.ts';
import type { Scheduler } from '../schedules.ts';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.test', description: 'superAdministrador (plataforma)' },
  { email: 'empresa@demo.test', description: 'empresa: Inmobiliaria Demo (Los Álamos, El Bosque)' },
  { email: 'admin@demo.test', description: 'administrador de Los Álamos y El Bosque' },
  { email: 'admin2@demo.test', description: 'administrador de La Colina (aún sin aceptar términos)' },
  { email: 'guardia@demo.test', description: 'supervisor (guardia) de Los Álamos' },
  { email: 'directiva@demo.test', description: 'directiva de Los Álamos' },
  { email: 'parkey@demo.test', description: 'parkey de Los Álamos' },
  { email: 'multi@demo.test', description: 'administrador + supervisor + directiva de Los Álamos; rol test: idioma inglés' },
  { email: 'residente@demo.test', description: 'residente de Los Álamos, Casa 1 (área /residente y app móvil)' },
  { email: 'inquilino@demo.test', description: 'inquilino de Los Álamos, Casa 4 (el propietario puede bloquearlo)' },
  { email: 'inactivo@demo.test', description: 'usuario deshabilitado' },
] as const;

const FIRST_NAMES = [
  'María',
  'José',
  'Ana',
  'Luis',
  'Carmen',
  'Jorge',
  'Lucía',
  'Diego',
  'Sofía',
  'Andrés',
  'Valeria',
  'Carlos',
  'Gabriela',
  'Miguel',
  'Paola',
  'Fernando',
];
const LAST_NAMES = [
  'Andrade',
  'Benítez',
  'Castillo',
  'Delgado',
  'Espinoza',
  'Fernández',
  'Guerrero',
  'Herrera',
  'Jaramillo',
  'López',
  'Mora',
  'Naranjo',
  'Ortiz',
  'Paredes',
  'Quiroga',
  'Ramírez',
  'Salazar',
  'Torres',
  'Vásquez',
  'Zambrano',
];

/** Deterministic random numbers, so every demo database looks the same. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeds when the database has no users yet. Answers whether it did. */
export async function seedDemo(
  em: EntityManager,
  plugins: readonly ServerPlugin[],
  files: DemoSeedContext['files'],
  schedules?: Pick<Scheduler, 'set'>,
): Promise<boolean> {
  if ((await em.count(User, {})) > 0) return false;
  const passwordHash = await hash(DEMO_PASSWORD);
  const random = seededRandom(20261121);

  await em.transactional(async (tx) => {
    const company = tx.create(Company, {
      name: 'Inmobiliaria Demo',
      ruc: '1790012345001',
      color: '#1e3a8a',
      contactEmail: 'contacto@inmobiliaria.demo',
    } as never);
    const complex = (name: string, city: string, themeColor: string, companyId: string | null, parkingCount: number) =>
      tx.create(Complex, {
        name,
        city,
        province: city === 'Quito' ? 'Pichincha' : 'Guayas',
        address: `Av. Principal ${Math.floor(random() * 900 + 100)}`,
        ruc: `17${Math.floor(random() * 1e11)
          .toString()
          .padStart(11, '0')}`,
        contactName: 'Administración',
        contactPhone: '022345678',
        contactEmail: `admin@${name
          .split(' ')
          .pop()!
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z]/g, '')}.demo`,
        themeColor,
        companyId,
        parkingCount,
        modules: {},
      } as never);
    const alamos = complex('Conjunto Los Álamos', 'Quito', '#1e3a8a', company.id, 40);
    const bosque = complex('Conjunto El Bosque', 'Quito', '#2e7d32', company.id, 36);
    const colina = complex('Conjunto La Colina', 'Guayaquil', '#6a1b9a', null, 30);

    let idSeq = 1_700_000_000;
    const user = (
      email: string,
      firstName: string,
      lastName: string,
      roles: string[],
      complexes: Complex[],
      extra: Partial<User> = {},
    ) => {
      const created = tx.create(User, {
        email,
        firstName,
        lastName,
        roles,
        passwordHash,
        idNumber: String(idSeq++),
        legalAccepted: true,
        legalAcceptedAt: new Date(),
        ...extra,
      } as never);
      for (const c of complexes) tx.create(UserComplex, { userId: created.id, complexId: c.id });
      return created;
    };
    user('superadmin@demo.test', 'Sofía', 'Plataforma', ['superAdministrador'], []);
    user('empresa@demo.test', 'Esteban', 'Empresa', ['empresa'], [], { companyId: company.id });
    user('admin@demo.test', 'Andrea', 'Administradora', ['administrador'], [alamos, bosque]);
    user('admin2@demo.test', 'Álvaro', 'Colina', ['administrador'], [colina], { legalAccepted: false, legalAcceptedAt: null });
    user('guardia@demo.test', 'Gustavo', 'Guardia', ['supervisor'], [alamos]);
    user('directiva@demo.test', 'Diana', 'Directiva', ['directiva'], [alamos]);
    user('parkey@demo.test', 'Pablo', 'Parqueo', ['parkey'], [alamos]);
    // The test role unlocks the language selector (English) in the admin's top bar.
    user('multi@demo.test', 'Mónica', 'Multirol', ['administrador', 'supervisor', 'directiva', 'test'], [alamos]);
    user('inactivo@demo.test', 'Iván', 'Inactivo', ['administrador'], [alamos], { isActive: false });

    const residents: DemoSeedContext['residents'] = {};
    const demoUnits = new Map<string, Unit>();
    for (const [c, prefix, count] of [
      [alamos, 'Casa', 36],
      [bosque, 'Dpto', 32],
      [colina, 'Villa', 30],
    ] as const) {
      residents[c.id] = [];
      for (let n = 1; n <= count; n++) {
        const number = `${prefix} ${n}`;
        const unit = tx.create(Unit, {
          complexId: c.id,
          number,
          numberSort: naturalSortKey(number),
          aliquot: (100 / count).toFixed(4),
          type: n % 6 === 0 ? 'DEPARTAMENTO' : 'CASA',
          subComplex: n <= count / 2 ? 'ETAPA 1' : 'ETAPA 2',
        } as never);
        demoUnits.set(number, unit);
        const firstName = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)];
        const lastName = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)];
        const first = c === alamos && n === 1;
        const resident = tx.create(User, {
          email: first ? 'residente@demo.test' : `${prefix.toLowerCase()}${n}.${c.id.slice(-6)}@residentes.demo`,
          firstName,
          lastName,
          roles: ['residente'],
          passwordHash: first ? passwordHash : null,
          idNumber: String(idSeq++),
          residenceComplexId: c.id,
          unitId: unit.id,
          legalAccepted: true,
        } as never);
        unit.ownerId = resident.id;
        residents[c.id].push({ id: resident.id, name: `${firstName} ${lastName}` });
      }
    }
    // Some units are rented: a tenant each (names picked without random(), so plugins' demo data stays the
    // same), whom the owner may see and block. Tenants are not in ctx.residents: plugins' demo data follows owners.
    let tenantSeq = 0;
    for (const [c, prefix, count] of [
      [alamos, 'Casa', 36],
      [bosque, 'Dpto', 32],
      [colina, 'Villa', 30],
    ] as const) {
      for (let n = 4; n <= count; n += 7) {
        const unit = demoUnits.get(`${prefix} ${n}`)!;
        const k = tenantSeq++;
        // Casa 4 of Los Álamos: the demo's tenant account (the others set a password from their invitation).
        const named = c === alamos && n === 4;
        const tenant = tx.create(User, {
          email: named ? 'inquilino@demo.test' : `inquilino${n}.${c.id.slice(-6)}@residentes.demo`,
          passwordHash: named ? passwordHash : null,
          firstName: FIRST_NAMES[(k * 7) % FIRST_NAMES.length],
          lastName: LAST_NAMES[(k * 11 + 3) % LAST_NAMES.length],
          roles: ['residente'],
          idNumber: String(1_800_000_000 + k),
          residenceComplexId: c.id,
          unitId: unit.id,
          legalAccepted: true,
        } as never);
        Object.assign(unit, {
          tenantId: tenant.id,
          rented: true,
          ownerLivesIn: false,
          ownerMaySeeTenant: true,
          ownerMayBlockTenant: n % 2 === 0,
        });
      }
      // A shop with its own street door: its receipts and statements carry its address.
      if (c === alamos) demoUnits.get('Casa 2')!.altAddress = 'Av. de los Shyris N35-17, local 2';
      // The catalogues the units name (conjuntoConfig.Subconjuntos).
      for (const name of ['CASA', 'DEPARTAMENTO']) tx.create(UnitType, { complexId: c.id, name } as never);
      for (const name of ['ETAPA 1', 'ETAPA 2']) tx.create(SubComplex, { complexId: c.id, name } as never);
    }
    await tx.flush();

    const ctx: Omit<DemoSeedContext, 'schedule'> = {
      em: tx,
      complexes: [alamos, bosque, colina].map((c) => ({ id: c.id, name: c.name })),
      residents,
      random,
      files,
      directory: (complexId) => directoryOf(tx, complexId),
      switchOn: async (complexIds, switchName) => {
        await tx.execute('update complexes set modules = modules || ?::jsonb where id in (?)', [
          JSON.stringify({ [switchName]: true }),
          complexIds,
        ]);
      },
      sentMail: (complexId, mail) => {
        tx.create(MailOutbox, {
          complexId,
          category: mail.category,
          toAddresses: mail.to,
          subject: mail.subject,
          text: mail.text,
          status: 'sent',
          attempts: 1,
          createdByName: 'Demo',
          createdAt: mail.sentAt,
          nextAttemptAt: mail.sentAt,
          sentAt: mail.sentAt,
        } as never);
      },
    };
    for (const plugin of plugins) {
      for (const c of ctx.complexes) await plugin.onComplexCreated?.(tx, c.id);
      await plugin.seedDemo?.({
        ...ctx,
        schedule: (complexId, key, input) => {
          if (!schedules) throw new Error('No scheduler to seed schedules with');
          return schedules.set(tx, { plugin: plugin.manifest.id, complexId, userId: null, userName: 'Demo' }, key, input);
        },
      });
    }
    await tx.flush();
  });
  return true;
}
