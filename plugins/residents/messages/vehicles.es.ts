// Spanish messages of plates and tags (spec 002 §2.5 screens 11-12, §5, §8): the screens, the resources' fields,
// and the audit log's names. One shape for both; only the nouns change.
import { MESSAGES } from '@conjunto/core';
import { STATUS_LABELS, VEHICLE_LIMITS, VEHICLE_MESSAGES } from '../vehicles.ts';

const fields = (value: string) => ({
  value,
  status: 'Estado',
  unitId: 'Destino',
  unitNumber: 'Destino',
  residentId: 'Residente',
  residentName: 'Residente',
  blockReason: 'Observación de bloqueo',
  blockedAt: 'Fecha de bloqueo',
  createdAt: 'Fecha de registro',
  q: 'Buscar',
});

/** The screens' texts; `a` is the noun with its article ('la placa', 'el tag'). */
const screens = (kind: 'plates' | 'tags', p: { one: string; many: string; a: string; the: string; ed: string }) => ({
  title: p.many,
  panel: `${p.many} registrad${p.ed}s`,
  search: `Buscar por ${p.one.toLowerCase()}, unidad o residente`,
  empty: 'No hay información',
  none: `No tiene ${p.many.toLowerCase()} registrad${p.ed}s.`,
  create: `Nuev${p.ed} ${p.one.toLowerCase()}`,
  edit: `Editar ${p.one.toLowerCase()}`,
  status: { ...STATUS_LABELS },
  formatHelper: kind === 'plates' ? 'Formato ABC1234 o ABC123.' : '8 dígitos, p. ej. 01234567.',
  residentHelper: 'Opcional: un residente de la unidad de destino.',
  actions: {
    title: 'Acciones',
    block: 'Bloquear',
    unblock: 'Desbloquear',
    delete: 'Eliminar',
    report: 'Reporte',
    cancel: 'Cancelar',
    confirm: 'Confirmar',
  },
  block: {
    title: `Bloquear ${p.a}`,
    content: `Indique el motivo del bloqueo de ${p.the} %{value}. Quedará como observación de bloqueo.`,
    reason: 'Motivo del bloqueo',
  },
  unblock: { title: `Desbloquear ${p.a}`, content: `¿Desbloquear ${p.the} %{value}? Volverá a estar activ${p.ed}.` },
  delete: { title: `Eliminar ${p.a}`, content: `¿Está seguro de eliminar ${p.the} %{value}? Esta acción no se puede deshacer.` },
  notifications: {
    created: `${p.one} registrad${p.ed} correctamente`,
    updated: `${p.one} actualizad${p.ed}`,
    blocked: `${p.one} bloquead${p.ed}`,
    unblocked: `${p.one} desbloquead${p.ed}`,
    deleted: `${p.one} eliminad${p.ed}`,
  },
  // Spec 002 §8: plate and tag errors (retrieve, block, existing value, load, delete).
  errors: {
    retrieve: `Error al obtener ${p.the === 'la' ? 'las' : 'los'} ${p.many.toLowerCase()}.`,
    block: `Error al bloquear ${p.a}.`,
    exists: VEHICLE_MESSAGES[kind].duplicate,
    load: `Error al cargar ${p.the === 'la' ? 'las' : 'los'} ${p.many.toLowerCase()}.`,
    delete: `Error al eliminar ${p.a}.`,
    save: 'Error al guardar los datos.',
  },
  validation: {
    required: MESSAGES.required,
    format: VEHICLE_MESSAGES[kind].format,
    reasonMax: MESSAGES.maxLength(VEHICLE_LIMITS.blockReason),
  },
});

const plates = { one: 'Placa', many: 'Placas', a: 'la placa', the: 'la', ed: 'a' };
const tags = { one: 'Tag', many: 'Tags', a: 'el tag', the: 'el', ed: 'o' };

const resources = {
  placas: { name: 'Placa |||| Placas', fields: fields('Placa') },
  tags: { name: 'Tag |||| Tags', fields: fields('Tag') },
};

export default {
  resources,
  residents: { plates: screens('plates', plates), tags: screens('tags', tags) },
  auditResources: { plates: 'placas', tags: 'tags' },
  auditActions: { block: 'Bloqueo', unblock: 'Desbloqueo', import: 'Importación' },
};
