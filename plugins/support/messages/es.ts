// Spanish messages of the support plugin (the default language: no English word may show).
import { auditResources, MESSAGES } from '@conjunto/core';
import { DETAIL_MAX, FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, REPLY_MAX, SUBJECT_MAX, SUPPORT_MESSAGES } from '../manifest.ts';

const faqFields = {
  category: 'Categoría',
  question: 'Pregunta',
  answer: 'Respuesta',
  sortOrder: 'Orden',
  published: 'Publicada',
  updatedAt: 'Actualizada',
  q: 'Buscar',
};
const supportFields = {
  subject: 'Asunto',
  category: 'Categoría',
  detail: 'Detalle',
  state: 'Estado',
  requesterName: 'Solicitante',
  replyCount: 'Respuestas',
  lastReplyAt: 'Última respuesta',
  createdAt: 'Fecha',
  complexId: 'Conjunto',
  complexName: 'Conjunto',
  attachment: 'Imagen adjunta',
  q: 'Buscar',
};

const own = {
  resources: {
    faq: { name: 'Pregunta frecuente |||| Preguntas frecuentes', fields: faqFields },
    FAQ: { name: 'Pregunta frecuente |||| Preguntas frecuentes', fields: faqFields },
    supports: { name: 'Solicitud de soporte |||| Solicitudes de soporte', fields: supportFields },
    sugerencias: { name: 'Solicitud de soporte |||| Solicitudes de soporte', fields: supportFields },
  },
  support: {
    title: 'Soporte',
    menu: { faq: 'Preguntas frecuentes', supports: 'Soporte', staffSupports: 'Feedback: Sugerencias', staffFaq: 'FAQ' },
    faq: {
      title: 'Preguntas frecuentes',
      search: 'Buscar en las preguntas',
      empty: 'No hay preguntas publicadas.',
      noMatch: 'Ninguna pregunta coincide con la búsqueda.',
      createTitle: 'Nueva pregunta',
      editTitle: 'Editar pregunta',
      publishedHelper: 'Los conjuntos solo ven las preguntas publicadas.',
      orderHelper: 'Menor número, más arriba dentro de su categoría.',
      yes: 'Sí',
      no: 'No',
    },
    supports: {
      title: 'Soporte',
      staffTitle: 'Feedback: Sugerencias',
      createTitle: 'Nueva solicitud de soporte',
      createHelper: 'El equipo de la plataforma recibirá su solicitud y le responderá por aquí y por correo.',
      attachmentHelper: 'Opcional: una captura de pantalla (JPG, PNG o WebP, hasta 10 MB).',
      search: 'Buscar por asunto o detalle',
      empty: 'No hay información',
      thread: 'Conversación',
      noReplies: 'Aún no hay respuestas.',
      staff: 'Soporte',
      stateChanged: 'Estado: %{state}',
      replyLabel: 'Respuesta',
      newState: 'Cambiar estado a',
      send: 'Enviar',
      close: 'Cerrar solicitud',
      closeConfirm: '¿Cerrar la solicitud «%{subject}»? No admitirá más respuestas.',
      closedNote: 'La solicitud está cerrada.',
      attach: 'Adjuntar imagen',
      viewAttachment: 'Ver imagen adjunta',
      requiredNote: 'Los campos marcados con * son obligatorios.',
      from: 'Desde',
      to: 'Hasta',
    },
    categories: { Consulta: 'Consulta', Problema: 'Problema', Sugerencia: 'Sugerencia' },
    states: { Abierto: 'Abierto', 'En proceso': 'En proceso', Resuelto: 'Resuelto', Cerrado: 'Cerrado' },
    validation: {
      required: MESSAGES.required,
      subjectMax: MESSAGES.maxLength(SUBJECT_MAX),
      detailMax: MESSAGES.maxLength(DETAIL_MAX),
      replyMax: MESSAGES.maxLength(REPLY_MAX),
      questionMax: MESSAGES.maxLength(FAQ_QUESTION_MAX),
      answerMax: MESSAGES.maxLength(FAQ_ANSWER_MAX),
      fileTooLarge: SUPPORT_MESSAGES.fileTooLarge,
    },
    notifications: {
      created: 'Solicitud enviada',
      replied: 'Respuesta enviada',
      closed: 'Solicitud cerrada',
      attached: 'Imagen adjuntada',
      faqSaved: 'Pregunta guardada',
    },
    errors: {
      load: 'Error al cargar las solicitudes',
      loadFaq: 'Error al cargar las preguntas frecuentes',
      send: 'Ocurrió un error al enviar.',
      attach: 'No se pudo adjuntar la imagen.',
      attachment: 'No se pudo abrir la imagen adjunta.',
    },
  },
};

export default {
  ...own,
  // The audit log names the plugin's resources and their fields.
  auditLog: {
    resources: auditResources(own.resources, { faq: 'faq', supports: 'supports' }),
    actions: { replies: 'Respuesta', close: 'Cierre', attachment: 'Imagen adjunta' },
  },
};
