// The shell's Spanish texts (the default language). Texts quoted by the spec are verbatim.
import { ROLE_LABELS } from '@conjunto/core';

const unitFields = {
  number: 'Número',
  aliquot: 'Alícuota (%)',
  type: 'Tipo',
  subComplex: 'Subconjunto',
  ownerId: 'Propietario',
  tenantId: 'Inquilino',
  rented: 'Rentada',
  isActive: 'Activa',
  q: 'Buscar',
};

const complexFields = {
  name: 'Nombre',
  ruc: 'RUC',
  address: 'Dirección',
  city: 'Ciudad',
  province: 'Provincia',
  companyId: 'Empresa',
  contactName: 'Nombre de contacto',
  contactPhone: 'Teléfono de contacto',
  contactEmail: 'Correo de contacto',
  themeColor: 'Color del tema',
  image: 'Imagen',
  isActive: 'Activo',
  residentCount: 'Residentes',
  parkingCount: 'Parqueaderos',
  createdAt: 'Fecha de creación',
  q: 'Buscar',
};

export const shellSpanish = {
  shell: {
    menu: {
      dashboard: 'Inicio',
      units: 'Unidades habitacionales',
      logs: 'Auditoría',
      settings: 'Configuraciones',
      editComplex: 'Editar Conjunto',
      complexes: 'Conjuntos',
      companies: 'Empresas',
      users: 'Usuarios',
      plugins: 'Complementos',
    },
    roles: ROLE_LABELS,
    role: { switch: 'Cambiar de rol' },
    language: 'Idioma',
    // Days are typed and shown as DD/MM/YYYY in both languages (core/ui/DayInput.tsx).
    date: { placeholder: 'DD/MM/AAAA', invalid: 'Fecha inválida: use DD/MM/AAAA', openCalendar: 'Abrir calendario' },
    // Background jobs (core/ui/JobProgress.tsx): "N de M" and how they ended.
    job: {
      queued: 'En cola…',
      running: 'En curso',
      progress: '%{done} de %{total}',
      completed: 'Terminado',
      failed: 'La tarea falló: %{message}',
      failedPlain: 'La tarea falló.',
      cancelled: 'La tarea fue cancelada.',
      retrying: 'Falló un intento; se reintenta en unos segundos…',
      loadError: 'No se pudo leer el estado de la tarea; se reintentará.',
      close: 'Cerrar',
    },
    user: { newPassword: 'Nueva contraseña', newPasswordHelp: 'Déjala vacía para mantener la actual.' },
    theme: { label: 'Tema', light: 'Claro', oneDark: 'Oscuro', unicorn: 'Unicornio' },
    complex: {
      label: 'Conjunto',
      none: 'Sin conjuntos',
      noneSelected: 'No hay un conjunto seleccionado.',
      general: 'Datos generales',
      contact: 'Contacto',
      colorHelp: 'Hexadecimal de 3 o 6 dígitos, p. ej. #1e3a8a',
      imageHelp: 'Dirección (URL) de la imagen o logotipo',
      activeHelp: 'Un conjunto inactivo no permite iniciar sesión a sus usuarios.',
    },
    terms: {
      title: 'Términos y condiciones',
      body:
        'Al usar Conjunto aceptas que la información de tu conjunto residencial (residentes, unidades, pagos, ' +
        'ingresos y registros de acceso) se trate únicamente para su administración, conforme a la Ley Orgánica ' +
        'de Protección de Datos Personales del Ecuador.\n\n' +
        'Te comprometes a usar la plataforma solo para las funciones de tu rol, a mantener la confidencialidad ' +
        'de tu contraseña y de los datos de terceros a los que tengas acceso, y a no compartir tu cuenta.\n\n' +
        'Todas las operaciones quedan registradas con su autor y fecha. El incumplimiento de estas condiciones ' +
        'puede ocasionar la suspensión de tu acceso.',
      accept: 'He leído y acepto los términos y condiciones',
      confirm: 'Continuar',
      error: 'Error al actualizar los términos y condiciones.',
    },
    notFound: {
      title: 'Página no encontrada',
      text: 'La dirección que escribiste no existe o seguiste un enlace incorrecto.',
    },
    error: {
      title: '¡No tienes permisos para acceder!',
      text: 'Tu usuario no tiene el rol necesario para entrar a esta sección.',
    },
    unauthorized: {
      title: 'Acceso no autorizado',
      text: 'Inicia sesión para acceder a esta sección.',
      textSignedIn: 'Tu usuario no tiene acceso a esta sección.',
    },
    action: { home: 'Ir al inicio' },
    login: { subtitle: 'Administración de conjuntos residenciales' },
    // The page of a password link (pages/PasswordLinkPage.tsx), addressed with usted like the e-mail that brings it.
    passwordLink: {
      titleInvite: 'Crear contraseña',
      titleReset: 'Restablecer contraseña',
      newPassword: 'Nueva contraseña',
      confirmPassword: 'Confirmar contraseña',
      hint: 'Mínimo 8 caracteres.',
      tooShort: 'Mínimo 8 caracter(es).',
      mismatch: 'Las contraseñas no coinciden.',
      save: 'Guardar contraseña',
      saved: 'Contraseña guardada. Ya puede iniciar sesión.',
      invalidTitle: 'Enlace no válido',
      invalid: 'El enlace ya no es válido. Solicite uno nuevo a la administración.',
      checking: 'Verificando el enlace…',
    },
    dashboard: {
      welcome: 'Hola, %{name}',
      basicText: 'Elige una opción del menú para comenzar.',
      noScreens:
        'Tu rol aún no tiene pantallas en este conjunto: los módulos que te correspondan aparecerán aquí cuando se activen.',
      noWidgets:
        'Este conjunto aún no tiene indicadores: los módulos activos (Contabilidad, Encuestas, Rostros) muestran aquí sus cifras.',
      widgetError: 'No se pudo mostrar este indicador.',
      open: 'Ver',
    },
    validation: {
      hexColor: 'Color inválido: usa el formato #abc o #aabbcc.',
      ruc: 'El RUC debe tener 13 dígitos.',
      phone: 'Teléfono inválido: de 7 a 15 dígitos, opcionalmente con + al inicio.',
      idNumber: '¡Solo se permiten números, + y /!',
    },
    audit: {
      noChanges: 'Sin detalle de cambios.',
      field: 'Campo',
      before: 'Antes',
      after: 'Después',
      detail: 'Detalle del registro',
      record: 'Registro',
      recordId: 'Identificador',
      reads: 'Vista %{smart_count} vez |||| Vista %{smart_count} veces',
      readsBetween: 'Entre %{first} y %{last}',
      moreChanges: '+%{smart_count} cambio |||| +%{smart_count} cambios',
      empty: '(vacío)',
      yes: 'Sí',
      no: 'No',
      filters: { from: 'Desde', to: 'Hasta' },
    },
    /** The name of a menu group's header (an entry may carry the group's own name: 'Proveedores'). */
    menuGroup: 'Sección %{name}',
    menuGroups: {
      community: 'Comunidad',
      accounting: 'Contabilidad',
      treasury: 'Tesorería',
      suppliers: 'Proveedores',
      access: 'Control de acceso',
      reports: 'Reportes',
      administration: 'Administración',
    },
    settings: {
      modules: 'Módulos del conjunto',
      readOnly: 'Los módulos los habilita el equipo de la plataforma. Si necesitas uno, contáctalo.',
    },
    modules: {
      title: 'Módulos',
      help: 'Cada cambio se guarda al instante.',
      on: 'Módulo "%{name}" activado.',
      off: 'Módulo "%{name}" desactivado.',
      error: 'Error al guardar los datos, inténtelo nuevamente mas tarde.',
    },
    plugins: {
      help: 'Un complemento desactivado desaparece en todos los conjuntos. Cada conjunto lo enciende o apaga con su módulo.',
      name: 'Complemento',
      id: 'Identificador',
      moduleSwitch: 'Módulo del conjunto',
      state: 'Estado',
      on: 'Activo',
      off: 'Inactivo',
      enabled: 'Complemento "%{name}" activado.',
      disabled: 'Complemento "%{name}" desactivado.',
    },
    company: {
      complexes: 'Conjuntos de la empresa',
      none: 'La empresa aún no tiene conjuntos habilitados.',
      current: 'Conjunto de trabajo actual',
      choose: 'Trabajar en este conjunto',
    },
  },
  resources: {
    unidadesHabitacionales: {
      name: 'Unidad habitacional |||| Unidades habitacionales',
      fields: unitFields,
    },
    logs: {
      name: 'Registro de auditoría |||| Auditoría',
      fields: {
        at: 'Fecha',
        userName: 'Usuario',
        resource: 'Recurso',
        recordId: 'Registro',
        description: 'Registro',
        userId: 'Usuario',
        action: 'Acción',
        changes: 'Cambios',
        at_gte: 'Desde',
        at_lte: 'Hasta',
        q: 'Buscar',
      },
    },
    residentes: {
      name: 'Residente |||| Residentes',
      fields: { firstName: 'Nombre', lastName: 'Apellido', unitId: 'Unidad habitacional' },
    },
    conjuntos: { name: 'Conjunto |||| Conjuntos', fields: complexFields },
    conjuntoActual: { name: 'Conjunto |||| Conjuntos', fields: complexFields },
    Company: {
      name: 'Empresa |||| Empresas',
      fields: {
        name: 'Nombre',
        ruc: 'RUC',
        color: 'Color',
        contactName: 'Nombre de contacto',
        contactPhone: 'Teléfono de contacto',
        contactEmail: 'Correo de contacto',
        isActive: 'Activa',
        q: 'Buscar',
      },
    },
    administradores: {
      name: 'Usuario |||| Usuarios',
      fields: {
        firstName: 'Nombre',
        lastName: 'Apellido',
        email: 'Correo',
        phone: 'Teléfono',
        idNumber: 'Cédula',
        roles: 'Roles',
        role: 'Rol',
        complexIds: 'Conjuntos',
        companyId: 'Empresa',
        isActive: 'Activo',
        password: 'Contraseña',
        q: 'Buscar',
      },
    },
  },
  // The audit log's names of the host's own resources and actions; each plugin adds its own in its messages.
  auditLog: {
    resources: {
      units: { name: 'Unidad habitacional', fields: unitFields },
      complexes: { name: 'Conjunto', fields: complexFields },
      // The residents' audit entries (server/src/directory/residents.ts), every field they record.
      residents: {
        name: 'Residente',
        fields: {
          firstName: 'Nombre',
          lastName: 'Apellido',
          email: 'Correo',
          phone: 'Teléfono',
          idNumber: 'Cédula',
          unitId: 'Unidad habitacional',
          unitNumber: 'Unidad',
          relation: 'Relación',
          vip: 'VIP',
          paymentAgreement: 'Convenio de pago',
          prepaidGuarantee: 'Garantía prepagada',
          notificationEmails: 'Correos de notificación',
          groups: 'Grupos',
          isActive: 'Acceso a la app',
          sessionsRevoked: 'Sesiones cerradas',
        },
      },
      modules: { name: 'Módulos del conjunto', fields: {} },
      files: { name: 'Archivo', fields: { category: 'Categoría', size: 'Tamaño (bytes)' } },
    },
    actions: { create: 'Creación', update: 'Modificación', delete: 'Eliminación', read: 'Consulta' },
  },
};
