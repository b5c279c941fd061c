// Spanish messages of the gate plugin (the default language: no English word may show).
import { auditResources } from '@conjunto/core';
import { GATE_MESSAGES } from '../gate.ts';
import bell, { allPanicsMessages, allPanicsResources } from './bell.es.ts';
import cameras from './cameras.es.ts';
import home from './home.es.ts';
import { panicAudit, panicMessages, panicResources } from './panic.es.ts';
import { roundsAudit, roundsMessages, roundsResources } from './rounds.es.ts';
import screens from './screens.es.ts';
import timeline from './timeline.es.ts';
import visits from './visits.es.ts';

const entryFields = {
  idNumber: 'Cédula',
  firstName: 'Nombre',
  lastName: 'Apellido',
  plate: 'Placa',
  vehicleColor: 'Color del vehículo',
  visitType: 'Tipo de visita',
  validUntil: 'Válido hasta',
  expectedStay: 'Tiempo estimado de salida',
  expectedExitAt: 'Salida estimada',
  observations: 'Observaciones',
  unitId: 'U.H. de destino',
  unitNumber: 'U.H.',
  residentId: 'Residente',
  residentName: 'Residente',
  place: 'Lugar (Otro)',
  postId: 'Garita',
  postName: 'Garita',
  enteredAt: 'Ingreso',
  exitedAt: 'Salida',
  registeredByName: 'Registrado por',
  exitRegisteredByName: 'Salida registrada por',
  listHit: 'Lista',
  warning: 'Advertencia',
  rejected: 'Rechazado',
  approvedByName: 'Aprobado por',
  approvedAt: 'Aprobado el',
  entryKind: 'Tipo de entrada',
  source: 'Origen',
  open: 'Sin salida',
  q: 'Buscar',
};

const own = {
  resources: {
    ...panicResources,
    camaras: {
      name: 'Cámara |||| Cámaras',
      fields: {
        postId: 'Garita',
        postName: 'Garita',
        name: 'Nombre',
        driver: 'Controlador',
        url: 'URL',
        username: 'Usuario',
        hasPassword: 'Con contraseña',
        createdAt: 'Fecha de creación',
        q: 'Buscar',
      },
    },
    ...roundsResources,
    ...allPanicsResources,
    garitas: { name: 'Garita |||| Garitas', fields: { name: 'Nombre', createdAt: 'Fecha de creación', q: 'Buscar' } },
    bitacoraDigital: { name: 'Registro |||| Bitácora Digital', fields: entryFields },
    listas: {
      name: 'Registro de lista |||| Listas B/N',
      fields: {
        kind: 'Lista',
        idNumber: 'Cédula',
        plate: 'Placa',
        name: 'Nombre',
        reason: 'Motivo',
        createdByName: 'Registrado por',
        createdAt: 'Fecha',
        q: 'Buscar',
      },
    },
    visitasAnticipadas: {
      name: 'Visita anticipada |||| Visitas anticipadas',
      fields: {
        ...entryFields,
        expectedArrival: 'Hora estimada de llegada',
        announcedByName: 'Anunciada por',
        hash: 'Identificador',
        code: 'Código del pase',
        weekdays: 'Días',
        status: 'Estado',
        exited: 'Ingresó',
        today: 'Hoy',
      },
    },
    eventos: {
      name: 'Novedad |||| Novedades',
      fields: {
        title: 'Novedad',
        detail: 'Detalle',
        occurredAt: 'Fecha',
        postId: 'Garita',
        postName: 'Garita',
        registeredByName: 'Registrada por',
        recipients: 'Destinatarios',
        sendEmail: 'Enviar por correo',
        emailed: 'Correo enviado',
        q: 'Buscar',
      },
    },
  },
  gate: {
    panic: panicMessages,
    visits,
    rounds: roundsMessages,
    ...home,
    title: 'Garita',
    messages: GATE_MESSAGES,
    lists: { negra: 'Lista negra', blanca: 'Lista blanca' },
    notice: { warning: 'Advertencia', success: 'Autorizado', other: 'Entrada' },
    earlyVisitStatus: { pendiente: 'Pendiente', ingresada: 'Ingresada', cancelada: 'Cancelada' },
    source: { guardia: 'Consola de guardia', anticipada: 'Visita anticipada', bitacora: 'Bitácora digital' },
    bell,
    allPanics: allPanicsMessages,
    cameras: { open: 'Ver Cámaras', title: 'Imágenes de las cámaras', error: 'Error al obtener las imágenes' },
  },
};

export default {
  ...own,
  ...screens,
  ...cameras,
  ...timeline,
  // The audit log names the plugin's resources, their fields and its own actions.
  auditLog: {
    resources: auditResources(own.resources, {
      'gate-posts': 'garitas',
      'gate-cameras': 'camaras',
      'gate-entries': 'bitacoraDigital',
      'gate-lists': 'listas',
      'early-visits': 'visitasAnticipadas',
      'gate-events': 'eventos',
      ...panicAudit.resources,
      ...roundsAudit.resources,
    }),
    actions: {
      ...panicAudit.actions,
      notify: 'Correo de seguridad',
      ...roundsAudit.actions,
      exit: 'Salida',
      approve: 'Aprobación',
      reject: 'Rechazo',
      cancel: 'Cancelación',
    },
  },
};
