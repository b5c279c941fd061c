// The voucher of a reported transfer (issue 12): the resident attaches the bank's receipt (a photo or a PDF) to a
// transfer of theirs still waiting for review, and whoever reviews it opens it through a short-lived link. A resident
// reaches only the transfers they reported (another's answers 404, as another complex's).
import { ApiError, ERROR_RESPONSES, ErrorSchema, IdParams, notFound, type PluginApp } from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { PendingTransferSchema } from '../../schemas.ts';
import { PendingTransfer } from '../ledger.entities.ts';
import { toPendingTransfer } from '../transfers.ts';
import { READ, type RouteKit } from './kit.ts';

export const VOUCHER_LIMITS = {
  bytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
} as const;
export const VOUCHER_MESSAGES = {
  tooLarge: 'El comprobante no puede pesar más de 5 MB.',
  missing: 'Adjunte el comprobante (imagen o PDF).',
  reviewed: 'La transferencia ya fue revisada: no se puede cambiar su comprobante.',
  none: 'La transferencia no tiene comprobante.',
} as const;

export function voucherRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];

  /** The transfer of the path; a resident's own only. */
  const transferOf = async (request: FastifyRequest) => {
    const pending = await k.load<PendingTransfer>(request, PendingTransfer);
    const { roles, userId } = k.ctx(request);
    const office = roles.some((r) => (READ as readonly string[]).includes(r));
    if (!office && pending.userId !== userId) throw notFound();
    return pending;
  };

  app.put(
    '/pending-transfers/:id/voucher',
    {
      config: { access: 'attach-voucher', idempotent: true },
      schema: {
        tags,
        summary: "Attach the bank's receipt to a reported transfer still pending (multipart: file, an image or a PDF up to 5 MB)",
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: PendingTransferSchema, 413: ERROR_RESPONSES[400], ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const pending = await transferOf(request);
      if (pending.status !== 'Pendiente') throw new ApiError(409, 'ALREADY_REVIEWED', VOUCHER_MESSAGES.reviewed);
      const upload = await k.files.readUpload(request, {
        maxFileSize: VOUCHER_LIMITS.bytes,
        maxFields: 0,
        tooLargeMessage: VOUCHER_MESSAGES.tooLarge,
        allowedTypes: VOUCHER_LIMITS.types,
      });
      const [file] = upload.files;
      if (!file) throw new ApiError(400, 'VALIDATION', VOUCHER_MESSAGES.missing, { file: VOUCHER_MESSAGES.missing });
      await k.write(request, async (tx, audit) => {
        const saved = await k.files.save(request, tx, {
          category: 'transfer-voucher',
          personal: false,
          filename: file.filename,
          contentType: file.contentType,
          data: file.stream(),
        });
        const previous = pending.voucherFileId;
        await tx.execute('update pending_transfers set voucher_file_id = ? where id = ? and complex_id = ?', [
          saved.id,
          pending.id,
          pending.complexId,
        ]);
        if (previous) await k.files.remove(request, tx, previous);
        audit({
          resource: 'pending-transfers',
          recordId: pending.id,
          action: 'update',
          changes: { voucher: [previous ? 'anterior' : null, file.filename] },
        });
        // The office's list shows whether a transfer has its receipt.
        await k.pendingTransferChanged(request, tx, pending.id, pending.status);
      });
      return toPendingTransfer(await k.reload<PendingTransfer>(request, PendingTransfer, pending.id));
    },
  );

  app.get(
    '/pending-transfers/:id/voucher',
    {
      schema: {
        tags,
        summary: "A short-lived link to the transfer's voucher (404 when it has none)",
        params: IdParams,
        response: { 200: Type.Object({ url: Type.String(), expiresAt: Type.String() }), 404: ErrorSchema },
      },
    },
    async (request) => {
      const pending = await transferOf(request);
      if (!pending.voucherFileId) throw new ApiError(404, 'NOT_FOUND', VOUCHER_MESSAGES.none);
      return k.files.signedUrl(request, pending.voucherFileId);
    },
  );
}
