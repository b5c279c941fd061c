// The administrator's signature of the complex (Configuraciones): GET its facts, PUT a .p12 with its password
// (multipart: file, password), DELETE it. The file and password never come back out.
import { ERROR_RESPONSES, type HostServices, invalid, type PluginApp } from '@conjunto/core';
import { Type } from 'typebox';
import { INVALID_SIGNATURE_MESSAGE } from './p12.ts';
import { SIGNATURE_FILE } from './store.ts';

const ADMIN = ['administrador', 'superAdministrador'] as const;
const tags = ['signatures'];

export const SignatureSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    fileName: Type.String(),
    subject: Type.String(),
    issuer: Type.String(),
    serialNumber: Type.String(),
    validFrom: Type.String({ format: 'date-time' }),
    validTo: Type.String({ format: 'date-time' }),
    valid: Type.Boolean(),
    uploadedAt: Type.String({ format: 'date-time' }),
    uploadedByName: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

const PASSWORD_MESSAGE = 'Ingrese la contraseña de la firma electrónica.';

export function signatureRoutes(app: PluginApp, host: HostServices) {
  app.get(
    '/signature',
    {
      config: { roles: ADMIN },
      schema: {
        tags,
        summary: "The complex's electronic signature: its certificate's subject, issuer and validity (null when none)",
        response: { 200: Type.Union([SignatureSchema, Type.Null()]) },
      },
    },
    (request) => host.signatures.info(request),
  );
  app.put(
    '/signature',
    {
      config: { roles: ADMIN },
      schema: {
        tags,
        summary:
          "Load the complex's electronic signature (multipart: file .p12/.pfx, password); it replaces the one it had. 'El archivo no es una firma electrónica válida.' when the file does not open with the password or holds no private key",
        consumes: ['multipart/form-data'],
        response: { 200: SignatureSchema, 413: ERROR_RESPONSES[400], ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const upload = await host.files.readUpload(request, {
        maxFileSize: SIGNATURE_FILE.maxBytes,
        maxFiles: 1,
        maxFields: 2,
        tooLargeMessage: INVALID_SIGNATURE_MESSAGE,
      });
      const file = upload.files.find((f) => f.fieldname === 'file');
      if (!file || upload.files.length !== 1) throw invalid('file', INVALID_SIGNATURE_MESSAGE);
      const password = upload.fields.password ?? '';
      if (!password) throw invalid('password', PASSWORD_MESSAGE);
      if (password.length > 200) throw invalid('password', 'Límite max. 200 caracter(es).');
      const { complexId, userId, userName } = host.context(request);
      return request.em.transactional(async (tx) => {
        const saved = await request.server.signatures.save(
          tx,
          complexId,
          { userId, userName },
          {
            fileName: file.filename || 'firma.p12',
            bytes: await file.buffer(),
            password,
          },
        );
        host.audit(request, tx, {
          resource: 'signatures',
          recordId: saved.id,
          action: 'update',
          // The certificate's facts only: never the file or the password.
          changes: { fileName: saved.fileName, subject: saved.subject, issuer: saved.issuer, validTo: saved.validTo },
          description: saved.subject,
        });
        return saved;
      });
    },
  );
  app.delete(
    '/signature',
    {
      config: { roles: ADMIN },
      schema: {
        tags,
        summary: "Remove the complex's electronic signature (documents can no longer be signed)",
        response: { 204: Type.Null(), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { complexId } = host.context(request);
      await request.em.transactional(async (tx) => {
        const removed = await request.server.signatures.remove(tx, complexId);
        if (removed)
          host.audit(request, tx, {
            resource: 'signatures',
            recordId: removed.id,
            action: 'delete',
            changes: { fileName: removed.fileName, subject: removed.subject },
            description: removed.subject,
          });
      });
      return reply.status(204).send(null);
    },
  );
}
