import type { PluginMigration } from '@conjunto/core';

const complexFk = 'complex_id uuid not null references complexes(id) on delete cascade deferrable initially deferred';

/** Controllers (the spec's raspberrys) and the face readers attached to them. */
export const biometricsInit: PluginMigration = {
  name: 'biometrics_0001_devices',
  up: [
    `create table biometric_controllers (
      id uuid primary key,
      ${complexFk},
      sequence integer not null,
      ip varchar(45) not null,
      port integer not null default 22 check (port between 1 and 65535),
      username varchar(50) not null,
      created_at timestamptz not null default now(),
      unique (complex_id, sequence)
    )`,
    `create table biometric_devices (
      id uuid primary key,
      ${complexFk},
      controller_id uuid references biometric_controllers(id) on delete set null deferrable initially deferred,
      name varchar(100) not null,
      location varchar(150),
      ip varchar(45) not null,
      brand varchar(50),
      status varchar(20) not null default 'inactive'
        check (status in ('active', 'unknown', 'inactive', 'error', 'connection_error', 'mantenimiento')),
      notes varchar(500),
      created_at timestamptz not null default now()
    )`,
    'create index biometric_devices_complex_idx on biometric_devices (complex_id, created_at desc)',
  ],
};

/** People with access: one row per person (identificacion), the devices that hold the face, the photo. */
export const biometricsFaces: PluginMigration = {
  name: 'biometrics_0002_faces',
  up: [
    `create table faces (
      id uuid primary key,
      ${complexFk},
      identificacion varchar(20) not null check (identificacion ~ '^[0-9]+$'),
      nombre varchar(150) not null,
      unit_id uuid references units(id) on delete set null deferrable initially deferred,
      pisos jsonb not null default '[]',
      tipo varchar(20) not null default 'propietario',
      estado varchar(10) not null default 'activo',
      observaciones varchar(500),
      photo_file_id uuid references files(id) on delete set null deferrable initially deferred,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (complex_id, identificacion)
    )`,
    'create index faces_complex_name_idx on faces (complex_id, nombre)',
    `create table face_devices (
      face_id uuid not null references faces(id) on delete cascade deferrable initially deferred,
      device_id uuid not null references biometric_devices(id) on delete cascade deferrable initially deferred,
      ${complexFk},
      enrolled_at timestamptz not null default now(),
      primary key (face_id, device_id)
    )`,
    'create index face_devices_device_idx on face_devices (device_id)',
  ],
};

/**
 * Bulk imports (the spec's import_jobs): the live record and one row per person, so that a job that runs
 * again (a retry, a restart) skips the rows it finished and creates no face twice.
 */
export const biometricsImports: PluginMigration = {
  name: 'biometrics_0003_imports',
  up: [
    `create table face_imports (
      id uuid primary key,
      ${complexFk},
      status varchar(12) not null default 'pending' check (status in ('pending', 'processing', 'completed', 'failed')),
      total_rostros integer not null,
      procesados integer not null default 0,
      exitosos integer not null default 0,
      fallidos integer not null default 0,
      payload_sha256 char(64) not null,
      result jsonb,
      error varchar(500),
      created_by uuid,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    )`,
    'create index face_imports_complex_idx on face_imports (complex_id, created_at desc)',
    // The same upload while it is still queued or running is the same import.
    `create unique index face_imports_running_payload on face_imports (complex_id, payload_sha256) where status in ('pending', 'processing')`,
    `create table face_import_rows (
      import_id uuid not null references face_imports(id) on delete cascade deferrable initially deferred,
      fila integer not null,
      identificacion varchar(50) not null,
      nombre varchar(200) not null,
      destino varchar(50),
      unit_id uuid,
      pisos jsonb not null default '[]',
      tipo varchar(20) not null,
      estado varchar(10) not null,
      observaciones varchar(500),
      devices jsonb not null,
      image varchar(40),
      status varchar(12) not null default 'pending' check (status in ('pending', 'processing', 'completed', 'failed')),
      error varchar(500),
      face_id uuid,
      created_face boolean not null default false,
      held_before jsonb,
      outcome jsonb,
      primary key (import_id, fila)
    )`,
  ],
};

/**
 * Controllers have a name the administration chooses ('Garita principal'): the screens show it instead of an id.
 * Existing ones are called after their sequence; a name is unique in its complex, whatever its case.
 */
export const biometricsControllerNames: PluginMigration = {
  name: 'biometrics_0004_controller_names',
  up: [
    'alter table biometric_controllers add column name varchar(100)',
    `update biometric_controllers set name = 'Controlador ' || sequence`,
    'alter table biometric_controllers alter column name set not null',
    'create unique index biometric_controllers_name_idx on biometric_controllers (complex_id, lower(name))',
  ],
};

/**
 * Two devices on one controller (or on none) never share an IP: the device routes check it, and this index holds it
 * when two writes check at once (each saw the IP free). The routes answer its violation as the check does (409, ip).
 */
export const biometricsDeviceIpUnique: PluginMigration = {
  name: 'biometrics_0005_device_ip_unique',
  up: ['create unique index biometric_devices_ip_unique on biometric_devices (complex_id, controller_id, ip) nulls not distinct'],
};

/** What the readers recognised (POST biometric-devices/:id/recognitions): the fact behind 'biometrics.recognition.recorded'. */
export const biometricsRecognitions: PluginMigration = {
  name: 'biometrics_0006_recognitions',
  up: [
    `create table face_recognitions (
      id uuid primary key,
      ${complexFk},
      device_id uuid not null references biometric_devices(id) on delete cascade deferrable initially deferred,
      face_id uuid references faces(id) on delete set null deferrable initially deferred,
      identificacion varchar(20) not null,
      recognized_at timestamptz not null,
      created_at timestamptz not null default now()
    )`,
    'create index face_recognitions_complex_at_idx on face_recognitions (complex_id, recognized_at desc)',
  ],
};
