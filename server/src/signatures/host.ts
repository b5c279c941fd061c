// The host services of signatures and issued documents as plugins get them (HostServices.signatures, .documents).
import type { HostDocuments, HostServices, HostSignatures } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import { scopeOf } from '../host-scope.ts';
import { issueDocument } from './documents.ts';
import type { PdfSignatureInfo } from './pades.ts';
import type { SignatureService } from './store.ts';

/** Who signs and where, from the complex (the signature dictionary's Name, Location, ContactInfo). */
async function signer(em: EntityManager, complexId: string, reason?: string, location?: string): Promise<PdfSignatureInfo> {
  const [c] = await em.execute('select name, city, contact_email, custom_email from complexes where id = ?', [complexId]);
  return {
    name: c?.name ?? 'Conjunto',
    reason: reason ?? `Documento emitido por ${c?.name ?? 'el conjunto'}`,
    location: location ?? c?.city ?? 'Ecuador',
    contactInfo: c?.custom_email || c?.contact_email || '',
  };
}

export function hostSignatures(service: SignatureService): HostSignatures {
  return {
    info: (scope) => {
      const { em, complexId } = scopeOf(scope, 'signatures');
      return service.info(em, complexId);
    },
    signPdf: async (scope, pdf, options = {}) => {
      const { em, complexId } = scopeOf(scope, 'signatures');
      return service.signPdf(em, complexId, pdf, await signer(em, complexId, options.reason, options.location));
    },
    keyMaterial: (scope) => {
      const { em, complexId } = scopeOf(scope, 'signatures');
      return service.keyMaterial(em, complexId);
    },
  };
}

export function hostDocuments(service: SignatureService, publicUrl: string, audit: HostServices['audit']): HostDocuments {
  return {
    issue: (request, em, input) =>
      issueDocument(
        {
          publicUrl,
          audit: (r, tx, entry) => audit(r, tx, entry),
          signPdf: async (tx, complexId, pdf) => service.signPdf(tx, complexId, pdf, await signer(tx, complexId)),
        },
        request,
        em as EntityManager,
        input,
      ),
  };
}
