// Spanish messages of the archive plugin (the default language: no English word may show).
import { auditResources, MESSAGES } from '@conjunto/core';
import { ARCHIVE_MESSAGES, DOCUMENT_TITLE_MAX, FOLDER_NAME_MAX } from '../manifest.ts';

const own = {
  resources: {
    archivo: {
      name: 'Documento |||| Documentos',
      fields: {
        title: 'Título',
        folderId: 'Carpeta',
        folderName: 'Carpeta',
        filename: 'Archivo',
        contentType: 'Tipo',
        sizeBytes: 'Tamaño',
        size: 'Tamaño',
        visibleToResidents: 'Visible para residentes',
        uploadedBy: 'Subido por',
        uploadedByName: 'Subido por',
        createdAt: 'Fecha de carga',
        file: 'Archivo',
        q: 'Buscar',
      },
    },
    'archivo-carpetas': {
      name: 'Carpeta |||| Carpetas',
      fields: { name: 'Nombre', parentId: 'Carpeta superior', createdAt: 'Fecha de creación' },
    },
  },
  archive: {
    title: 'Archivo',
    search: 'Buscar por título',
    empty: 'No hay información',
    root: 'Todas las carpetas',
    unfiled: 'Sin carpeta',
    folders: 'Carpetas',
    noFolders: 'No hay carpetas.',
    columns: { actions: 'Acciones' },
    visibility: { visible: 'Visible', hidden: 'Solo administración' },
    action: {
      upload: 'Subir documento',
      newFolder: 'Nueva carpeta',
      renameFolder: 'Renombrar carpeta',
      deleteFolder: 'Eliminar carpeta',
      download: 'Descargar',
      edit: 'Editar',
      delete: 'Eliminar',
      save: 'Guardar',
      cancel: 'Cancelar',
      chooseFile: 'Seleccionar archivo',
    },
    upload: {
      title: 'Subir documento',
      fileHelper: 'PDF, imágenes, documentos de Office o ZIP, hasta 20 MB.',
      visibleHelper: 'Los residentes y la directiva podrán verlo y descargarlo.',
      requiredNote: 'Los campos marcados con * son obligatorios.',
    },
    edit: { title: 'Editar documento' },
    folder: { createTitle: 'Nueva carpeta', renameTitle: 'Renombrar carpeta', parentHelper: 'Se creará dentro de «%{name}».' },
    delete: {
      title: 'Eliminar documento',
      content: '¿Está seguro de eliminar el documento «%{title}»? El archivo se eliminará y esta acción no se puede deshacer.',
      folderTitle: 'Eliminar carpeta',
      folderContent: '¿Está seguro de eliminar la carpeta «%{name}»?',
    },
    validation: {
      required: MESSAGES.required,
      titleMax: MESSAGES.maxLength(DOCUMENT_TITLE_MAX),
      nameMax: MESSAGES.maxLength(FOLDER_NAME_MAX),
      fileRequired: ARCHIVE_MESSAGES.fileRequired,
      fileTooLarge: ARCHIVE_MESSAGES.fileTooLarge,
    },
    notifications: {
      uploaded: 'Documento subido correctamente',
      updated: 'Documento actualizado',
      deleted: 'Documento eliminado',
      folderCreated: 'Carpeta creada',
      folderRenamed: 'Carpeta renombrada',
      folderDeleted: 'Carpeta eliminada',
    },
    errors: {
      load: 'Error al cargar los documentos',
      upload: 'Ocurrió un error al subir el documento.',
      save: 'Ocurrió un error al guardar.',
      delete: 'Ocurrió un error al eliminar.',
      download: 'No se pudo descargar el documento.',
    },
    resident: {
      title: 'Documentos del conjunto',
      empty: 'No hay documentos publicados.',
    },
  },
};

export default {
  ...own,
  // The audit log names the plugin's resources and their fields.
  auditLog: {
    resources: auditResources(own.resources, { 'archive-documents': 'archivo', 'archive-folders': 'archivo-carpetas' }),
  },
};
