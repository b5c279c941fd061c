// Spanish messages of a household's family members and approvers (spec 002 §5, §8; the spec's texts verbatim).
import { APPROVER_LIMITS, HOUSEHOLD_MESSAGES } from '../household.ts';

export default {
  residents: {
    family: {
      title: 'Familiares',
      add: 'Agregar familiar',
      create: 'Nuevo familiar',
      edit: 'Editar familiar',
      empty: 'No hay familiares registrados.',
      loadError: 'Error al obtener los registros de familiares, ¡Inténtelo de nuevo más tarde!',
      idNumber: 'C.I. %{idNumber}',
      fields: { firstName: 'Nombre', lastName: 'Apellido', idNumber: 'Cédula', relationship: 'Parentesco' },
      idNumberHelper: 'Solo números.',
      relationshipHelper: 'Por ejemplo: Cónyuge, Hijo, Madre.',
      deleteTitle: 'Eliminar familiar',
      deleteContent: '¿Desea eliminar a %{name} del registro de familiares?',
      created: 'Familiar agregado.',
      updated: 'Familiar actualizado.',
      deleted: 'Familiar eliminado.',
      error: 'No se pudo guardar el familiar.',
      // The guard's list (spec 002 §2.2 'Familia/Inquilinos').
      guard: {
        menu: 'Familia/Inquilinos',
        title: 'Familia e inquilinos',
        family: 'Familiares',
        tenants: 'Inquilinos',
        search: 'Buscar por nombre, apellido o cédula',
        fields: { resident: 'Residente', unitNumber: 'U.H.', email: 'Correo', phone: 'Teléfono' },
      },
    },
    approvers: {
      title: 'Aprobadores',
      edit: 'Editar aprobadores',
      modalTitle: 'Aprobadores de visitas',
      help: `Hasta ${APPROVER_LIMITS.max} personas autorizadas para aprobar el ingreso de visitas. Si escribe el nombre completo en el campo Nombre, se separa en nombre y apellido. Solo se guardan las filas con nombre y apellido.`,
      empty: 'No hay aprobadores registrados.',
      loadError: 'Error al obtener los aprobadores, ¡Inténtelo de nuevo más tarde!',
      row: 'Aprobador %{n}',
      fields: { firstName: 'Nombre', lastName: 'Apellido' },
      deleteTitle: 'Eliminar aprobador',
      deleteContent: '¿Desea eliminar a %{name} de sus aprobadores?',
      saved: 'Aprobadores guardados.',
      deleted: 'Aprobador eliminado.',
      error: 'No se pudieron guardar los aprobadores.',
      // The guard's list (spec 002 §2.2).
      guard: {
        menu: 'Lista de Aprobadores',
        title: 'Lista de Aprobadores por Residente',
        search: 'Buscar por nombre, apellido o cédula',
        show: 'Ver aprobadores',
        of: 'Aprobadores de %{name}',
        close: 'Cerrar',
        fields: { firstName: 'Nombre', lastName: 'Apellido', idNumber: 'Cédula', unitNumber: 'U.H.', actions: 'Acciones' },
      },
    },
    validation: {
      required: HOUSEHOLD_MESSAGES.required,
      numeric: HOUSEHOLD_MESSAGES.familyIdNumeric,
      max: 'Límite max. %{max} caracter(es).',
    },
    actions: { edit: 'Editar', delete: 'Eliminar', cancel: 'Cancelar', save: 'Guardar' },
  },
  auditLog: {
    resources: {
      'family-members': {
        name: 'Familiar',
        fields: {
          residentId: 'Residente',
          firstName: 'Nombre',
          lastName: 'Apellido',
          idNumber: 'Cédula',
          relationship: 'Parentesco',
        },
      },
      approvers: {
        name: 'Aprobador',
        fields: {
          residentId: 'Residente',
          position: 'Posición',
          firstName: 'Nombre',
          lastName: 'Apellido',
          approvers: 'Aprobadores',
        },
      },
    },
    actions: { replace: 'Reemplazo de la lista' },
  },
};
