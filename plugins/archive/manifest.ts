import { definePlugin } from '@conjunto/core';

export const FOLDER_NAME_MAX = 100;
export const DOCUMENT_TITLE_MAX = 150;
/** One file per upload, at most 20 MB. */
export const DOCUMENT_BYTES_MAX = 20 * 1024 * 1024;
/** PDF, images, Office documents (old and new formats, OpenDocument) and ZIP. */
export const DOCUMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/zip',
  'application/x-zip-compressed',
] as const;
/** The file picker's accept attribute. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.zip';

export const ARCHIVE_MESSAGES = {
  folderNotEmpty: 'No se puede eliminar la carpeta porque contiene documentos o subcarpetas.',
  folderTaken: 'Ya existe una carpeta con ese nombre en esta ubicación.',
  folderNotFound: 'La carpeta no existe.',
  folderCycle: 'Una carpeta no puede moverse dentro de sí misma.',
  fileRequired: 'Seleccione un archivo.',
  fileTooLarge: 'El archivo es demasiado pesado.',
  badType: 'Tipo de archivo no permitido. Se aceptan PDF, imágenes, documentos de Office y ZIP.',
} as const;

/** The office manages the repository; residents and the board read the documents marked visible. */
const OFFICE = { 'archive-folders': '*', 'archive-documents': '*' } as const;
const READERS = { 'archive-documents': ['list', 'show', 'download'] } as const;

export default definePlugin({
  id: 'archive',
  titleKey: 'archive.title',
  // Not in the spec's catalogue: the archive gets a switch of its own, on by default.
  moduleSwitch: { name: 'Archivo', label: 'Archivo de documentos', default: true },
  roles: ['administrador', 'superAdministrador', 'residente', 'directiva'],
  resources: ['archive-folders', 'archive-documents'],
  access: {
    administrador: OFFICE,
    superAdministrador: OFFICE,
    residente: READERS,
    directiva: READERS,
  },
});
