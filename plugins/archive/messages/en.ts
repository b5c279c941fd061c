// English messages of the archive plugin (same keys as es.ts).
import { auditResources } from '@conjunto/core';
import { DOCUMENT_TITLE_MAX, FOLDER_NAME_MAX } from '../manifest.ts';

const own = {
  resources: {
    archivo: {
      name: 'Document |||| Documents',
      fields: {
        title: 'Title',
        folderId: 'Folder',
        folderName: 'Folder',
        filename: 'File',
        contentType: 'Type',
        sizeBytes: 'Size',
        size: 'Size',
        visibleToResidents: 'Visible to residents',
        uploadedBy: 'Uploaded by',
        uploadedByName: 'Uploaded by',
        createdAt: 'Uploaded on',
        file: 'File',
        q: 'Search',
      },
    },
    'archivo-carpetas': {
      name: 'Folder |||| Folders',
      fields: { name: 'Name', parentId: 'Parent folder', createdAt: 'Created' },
    },
  },
  archive: {
    title: 'Archive',
    search: 'Search by title',
    empty: 'No data',
    root: 'All folders',
    unfiled: 'No folder',
    folders: 'Folders',
    noFolders: 'There are no folders.',
    columns: { actions: 'Actions' },
    visibility: { visible: 'Visible', hidden: 'Office only' },
    action: {
      upload: 'Upload document',
      newFolder: 'New folder',
      renameFolder: 'Rename folder',
      deleteFolder: 'Delete folder',
      download: 'Download',
      edit: 'Edit',
      delete: 'Delete',
      save: 'Save',
      cancel: 'Cancel',
      chooseFile: 'Choose file',
    },
    upload: {
      title: 'Upload document',
      fileHelper: 'PDF, images, Office documents or ZIP, up to 20 MB.',
      visibleHelper: 'Residents and the board will be able to see and download it.',
      requiredNote: 'Fields marked with * are required.',
    },
    edit: { title: 'Edit document' },
    folder: { createTitle: 'New folder', renameTitle: 'Rename folder', parentHelper: 'It will be created inside “%{name}”.' },
    delete: {
      title: 'Delete document',
      content: 'Delete the document “%{title}”? Its file is removed and this cannot be undone.',
      folderTitle: 'Delete folder',
      folderContent: 'Delete the folder “%{name}”?',
    },
    validation: {
      required: 'This field is required.',
      titleMax: `At most ${DOCUMENT_TITLE_MAX} characters.`,
      nameMax: `At most ${FOLDER_NAME_MAX} characters.`,
      fileRequired: 'Choose a file.',
      fileTooLarge: 'The file is too large.',
    },
    notifications: {
      uploaded: 'Document uploaded',
      updated: 'Document updated',
      deleted: 'Document deleted',
      folderCreated: 'Folder created',
      folderRenamed: 'Folder renamed',
      folderDeleted: 'Folder deleted',
    },
    errors: {
      load: 'Could not load the documents',
      upload: 'Could not upload the document.',
      save: 'Could not save.',
      delete: 'Could not delete.',
      download: 'Could not download the document.',
    },
    resident: {
      title: "The complex's documents",
      empty: 'No documents have been published.',
    },
  },
};

export default {
  ...own,
  auditLog: {
    resources: auditResources(own.resources, { 'archive-documents': 'archivo', 'archive-folders': 'archivo-carpetas' }),
  },
};
