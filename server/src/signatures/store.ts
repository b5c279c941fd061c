// The complexes' electronic signatures: one active .p12 per complex, its file and password sealed at rest
// (crypto.ts) with the certificate's public facts beside them. The e-invoicing plugin reuses the same store
// (HostSignatures.keyMaterial) for its XML signatures.
import { ApiError, newId, type SignatureInfo, type SignatureKeyMaterial } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import forge from 'node-forge';
import { type SealingKey, seal, sealingKey, unseal } from './crypto.ts';
import { factsOf, invalidSignature, readP12, type SignatureMaterial } from './p12.ts';
import { type PdfSignatureInfo, signPdf } from './pades.ts';

export const SIGNATURE_MESSAGES = {
  none: 'El conjunto no tiene una firma electrónica cargada.',
  expired: 'La firma electrónica del conjunto está vencida.',
  unreadable: 'La firma electrónica guardada no se puede abrir con la clave del servidor: vuelva a cargarla.',
} as const;

/** Accepted names (spec 000 §5: .p12, .pfx or .cer; a .cer holds no private key, so it is refused when read). */
export const SIGNATURE_FILE = { maxBytes: 100 * 1024, extensions: /\.(p12|pfx|cer)$/i } as const;

const noSignature = () => new ApiError(409, 'NO_SIGNATURE', SIGNATURE_MESSAGES.none);
const aad = (complexId: string, field: 'p12' | 'password') => `signature:${complexId}:${field}`;

interface Actor {
  userId: string | null;
  userName: string | null;
}

export interface SignatureRow {
  id: string;
  file_name: string;
  subject: string;
  issuer: string;
  serial_number: string;
  valid_from: string | Date;
  valid_to: string | Date;
  uploaded_at: string | Date;
  uploaded_by_name: string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

export function toSignatureInfo(row: SignatureRow): SignatureInfo {
  const now = Date.now();
  return {
    id: row.id,
    fileName: row.file_name,
    subject: row.subject,
    issuer: row.issuer,
    serialNumber: row.serial_number,
    validFrom: iso(row.valid_from),
    validTo: iso(row.valid_to),
    valid: new Date(row.valid_from).getTime() <= now && now <= new Date(row.valid_to).getTime(),
    uploadedAt: iso(row.uploaded_at),
    uploadedByName: row.uploaded_by_name,
  };
}

const INFO_COLUMNS = 'id, file_name, subject, issuer, serial_number, valid_from, valid_to, uploaded_at, uploaded_by_name';

export type SignatureService = ReturnType<typeof createSignatureService>;

/** `secret`: SIGNATURES_KEY (config.signaturesKey); without it every call that seals or opens answers 503. */
export function createSignatureService(secret: string | undefined) {
  let key: SealingKey | undefined;
  const keyOf = () => {
    key ??= sealingKey(secret);
    return key;
  };

  async function info(em: EntityManager, complexId: string): Promise<SignatureInfo | null> {
    const [row] = await em.execute(`select ${INFO_COLUMNS} from signatures where complex_id = ?`, [complexId]);
    return row ? toSignatureInfo(row as SignatureRow) : null;
  }

  /** The opened signature of the complex (409 none / expired, 409 when another key sealed it). */
  async function material(em: EntityManager, complexId: string): Promise<SignatureMaterial> {
    const [row] = await em.execute('select p12, password, key_id, valid_to from signatures where complex_id = ?', [complexId]);
    if (!row) throw noSignature();
    const sealing = keyOf();
    let opened: SignatureMaterial;
    try {
      if (row.key_id !== sealing.id) throw new Error('sealed by another key');
      const password = unseal(sealing, row.password, aad(complexId, 'password')).toString('utf8');
      opened = readP12(unseal(sealing, row.p12, aad(complexId, 'p12')), password);
    } catch {
      throw new ApiError(409, 'SIGNATURE_UNREADABLE', SIGNATURE_MESSAGES.unreadable);
    }
    if (opened.certificate.validity.notAfter.getTime() < Date.now())
      throw new ApiError(409, 'SIGNATURE_EXPIRED', SIGNATURE_MESSAGES.expired);
    return opened;
  }

  return {
    info,
    material,
    /**
     * Checks and stores the complex's signature in `em` (replacing the one it had); answers its facts. A file that
     * does not open with the password, has no private key or an expired certificate is refused (400).
     */
    async save(
      em: EntityManager,
      complexId: string,
      actor: Actor,
      input: { fileName: string; bytes: Uint8Array; password: string },
    ): Promise<SignatureInfo> {
      const sealing = keyOf();
      if (!SIGNATURE_FILE.extensions.test(input.fileName)) throw invalidSignature();
      const opened = readP12(input.bytes, input.password);
      const facts = factsOf(opened.certificate);
      if (facts.validTo.getTime() < Date.now())
        throw new ApiError(400, 'SIGNATURE_EXPIRED', SIGNATURE_MESSAGES.expired, { file: SIGNATURE_MESSAGES.expired });
      const values = [
        seal(sealing, input.bytes, aad(complexId, 'p12')),
        seal(sealing, Buffer.from(input.password, 'utf8'), aad(complexId, 'password')),
        sealing.id,
        input.fileName.slice(0, 200),
        facts.subject,
        facts.issuer,
        facts.serialNumber,
        facts.validFrom,
        facts.validTo,
        actor.userId,
        actor.userName,
      ];
      await em.execute(
        `insert into signatures (complex_id, id, p12, password, key_id, file_name, subject, issuer, serial_number, valid_from,
                                 valid_to, uploaded_by, uploaded_by_name)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (complex_id) do update set id = excluded.id, p12 = excluded.p12, password = excluded.password,
           key_id = excluded.key_id, file_name = excluded.file_name, subject = excluded.subject, issuer = excluded.issuer,
           serial_number = excluded.serial_number, valid_from = excluded.valid_from, valid_to = excluded.valid_to,
           uploaded_by = excluded.uploaded_by, uploaded_by_name = excluded.uploaded_by_name, uploaded_at = now()`,
        [complexId, newId(), ...values],
      );
      return (await info(em, complexId)) as SignatureInfo;
    },
    /** Removes the complex's signature; answers what it was, or null. */
    async remove(em: EntityManager, complexId: string): Promise<SignatureInfo | null> {
      const before = await info(em, complexId);
      if (before) await em.execute('delete from signatures where complex_id = ?', [complexId]);
      return before;
    },
    /** The PDF signed with the complex's signature. */
    async signPdf(em: EntityManager, complexId: string, pdf: Uint8Array, details: PdfSignatureInfo): Promise<Buffer> {
      return signPdf(pdf, await material(em, complexId), details);
    },
    async keyMaterial(em: EntityManager, complexId: string): Promise<SignatureKeyMaterial> {
      const m = await material(em, complexId);
      return {
        privateKeyPem: forge.pki.privateKeyToPem(m.privateKey),
        certificatePem: forge.pki.certificateToPem(m.certificate),
        chainPem: m.chain.map((c) => forge.pki.certificateToPem(c)),
      };
    },
  };
}
