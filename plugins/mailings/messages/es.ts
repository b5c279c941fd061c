// Spanish messages of the scheduled e-mails (the default language: no English word may show).
import { auditResources, MESSAGES } from '@conjunto/core';
import { MAILING_MESSAGES } from '../manifest.ts';

const mailingFields = {
  subject: 'Asunto',
  body: 'Mensaje',
  audience: 'Destinatarios',
  unitIds: 'Unidades',
  recurrence: 'Recurrencia',
  startAt: 'Fecha y hora de envío',
  isActive: 'Activo',
  nextRunAt: 'Próximo envío',
  lastRunAt: 'Último envío',
  lastRunCount: 'Correos enviados',
  status: 'Estado',
  createdAt: 'Fecha de creación',
  updatedAt: 'Actualizado',
  q: 'Buscar',
};

const own = {
  resources: {
    programados: { name: 'Correo programado |||| Correos programados', fields: mailingFields },
    'mailing-settings': {
      name: 'Configuración de correos programados',
      fields: { senderName: 'Nombre del remitente', replyTo: 'Responder a', defaultTime: 'Hora de envío', paused: 'Pausado' },
    },
  },
  mailings: {
    title: 'Correos programados',
    menu: { scheduled: 'Correos programados', settings: 'Configurar correos programados' },
    search: 'Buscar por asunto o mensaje',
    audience: {
      all: 'Todos los residentes',
      owners: 'Solo propietarios',
      tenants: 'Solo inquilinos',
      arrears: 'Unidades con deudas vencidas',
      units: 'Unidades elegidas',
    },
    recurrence: { once: 'Una vez', daily: 'Diario', weekly: 'Semanal', monthly: 'Mensual' },
    status: { active: 'Activo', inactive: 'Inactivo', finished: 'Finalizado', paused: 'Pausado' },
    filters: { active: 'Activos', inactive: 'Inactivos' },
    columns: { actions: 'Acciones' },
    action: { sendNow: 'Enviar ahora' },
    sendJob: 'Envío de correo programado',
    sendResult: 'Se encoló %{smart_count} correo |||| Se encolaron %{smart_count} correos',
    sendDuplicate: 'Este envío ya se había realizado: no se envió de nuevo.',
    sendSkipped: 'El envío se omitió (correo inactivo o envíos pausados).',
    pausedBanner: 'Los envíos programados están pausados para este conjunto. Reanúdelos en Configurar correos programados.',
    bodyHelp: 'Texto sin formato, hasta %{max} caracteres.',
    startHelp:
      'Hora de Ecuador. Diario, semanal y mensual repiten esta hora; semanal el mismo día de la semana y mensual el mismo día del mes (o el último día si el mes es más corto).',
    arrearsHidden: 'Active Contabilidad para enviar solo a unidades con deudas vencidas.',
    errors: { send: 'Ocurrió un error al enviar el correo.' },
    validation: { required: MESSAGES.required, units: MAILING_MESSAGES.unitsRequired },
    settings: {
      title: 'Configurar correos programados',
      intro:
        'Nombre del remitente y dirección de respuesta de los correos programados del conjunto, la hora con la que empieza un correo nuevo, y una pausa para todos los envíos.',
      senderName: 'Nombre del remitente',
      replyTo: 'Responder a',
      replyToHelp: 'Las respuestas de los residentes llegan a esta dirección.',
      defaultTime: 'Hora de envío predeterminada',
      defaultTimeHelp: 'Hora de Ecuador con la que se propone un correo nuevo.',
      paused: 'Pausar todos los envíos programados',
      pausedHelp: 'Mientras esté pausado, ningún correo programado se envía (Enviar ahora sigue disponible).',
      email: MAILING_MESSAGES.email,
      time: MAILING_MESSAGES.time,
      saved: 'Configuración guardada',
      saveError: 'Ocurrió un error al guardar la configuración.',
      loadError: 'Error al cargar la configuración.',
    },
  },
};

export default {
  ...own,
  auditLog: {
    resources: auditResources(
      own.resources,
      { mailings: 'programados', 'mailing-settings': 'mailing-settings' },
      {
        mailings: { fields: { run: 'Envío', recipients: 'Destinatarios' } },
      },
    ),
    actions: { send: 'Correo enviado' },
  },
};
