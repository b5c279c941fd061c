// PAdES signature of a finished PDF (ETSI.CAdES.detached, PAdES baseline B-B): @signpdf places the signature
// dictionary and its byte range as an incremental update and fills it; the CMS SignedData is built here with
// node-forge because forge's PKCS#7 writer cannot add the signing-certificate-v2 attribute PAdES requires (and
// @signpdf/signer-p12 writes adbe.pkcs7.detached without it). Signed attributes: content type, message digest
// (SHA-256) and signing-certificate-v2; no signing-time inside the CMS (PAdES puts it in the dictionary's /M).
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { SignatureMaterial } from './p12.ts';

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const T = asn1.Type;
type Node = forge.asn1.Asn1;
const seq = (value: Node[]) => asn1.create(U, T.SEQUENCE, true, value);
const set = (value: Node[]) => asn1.create(U, T.SET, true, value);
const oid = (id: string) => asn1.create(U, T.OID, false, asn1.oidToDer(id).getBytes());
const integer = (n: number) => asn1.create(U, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const octets = (bytes: string) => asn1.create(U, T.OCTETSTRING, false, bytes);
const nul = () => asn1.create(U, T.NULL, false, '');
const tagged = (tag: number, value: Node[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, value);
const der = (node: Node) => asn1.toDer(node).getBytes();
const sha256 = (bytes: string) => forge.md.sha256.create().update(bytes).digest().getBytes();

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

/** The certificate's issuer Name and serial INTEGER as the certificate encodes them (forge keeps its parsed TBS). */
function issuerAndSerial(certificate: forge.pki.Certificate): { issuer: Node; serial: Node } {
  const pki = forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): Node };
  const tbs = (certificate as unknown as { tbsCertificate?: Node }).tbsCertificate ?? pki.getTBSCertificate(certificate);
  const fields = tbs.value as Node[];
  // version [0] is optional: serial, signature algorithm, issuer follow it.
  const start = fields[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serial: fields[start], issuer: fields[start + 2] };
}

/** A detached CMS SignedData (CAdES-BES) of `content`, signed with RSA PKCS#1 v1.5 over SHA-256. */
export function cadesDetached(content: Uint8Array, m: SignatureMaterial): Buffer {
  const certificateDer = der(forge.pki.certificateToAsn1(m.certificate));
  const { issuer, serial } = issuerAndSerial(m.certificate);
  const attributes = [
    seq([oid(OID.contentType), set([oid(OID.data)])]),
    seq([oid(OID.messageDigest), set([octets(sha256(forge.util.binary.raw.encode(content)))])]),
    // SigningCertificateV2 { certs: [ESSCertIDv2 { certHash (SHA-256, the default algorithm), issuerSerial }] }
    seq([
      oid(OID.signingCertificateV2),
      set([seq([seq([seq([octets(sha256(certificateDer)), seq([seq([tagged(4, [issuer])]), serial])])])])]),
    ]),
  ]
    // DER orders a SET OF by the encodings: a verifier that re-encodes the attributes gets the same bytes.
    .map((node) => ({ node, bytes: der(node) }))
    .sort((a, b) => (a.bytes < b.bytes ? -1 : a.bytes > b.bytes ? 1 : 0))
    .map((a) => a.node);
  const md = forge.md.sha256.create();
  md.update(der(set(attributes)));
  const signature = m.privateKey.sign(md);
  const signerInfo = seq([
    integer(1),
    seq([issuer, serial]),
    seq([oid(OID.sha256), nul()]),
    tagged(0, attributes),
    seq([oid(OID.rsaEncryption), nul()]),
    octets(signature),
  ]);
  const signedData = seq([
    integer(1),
    set([seq([oid(OID.sha256), nul()])]),
    seq([oid(OID.data)]),
    tagged(
      0,
      [m.certificate, ...m.chain].map((c) => forge.pki.certificateToAsn1(c)),
    ),
    set([signerInfo]),
  ]);
  return Buffer.from(der(seq([oid(OID.signedData), tagged(0, [signedData])])), 'binary');
}

class CadesSigner extends Signer {
  readonly material: SignatureMaterial;
  constructor(material: SignatureMaterial) {
    super();
    this.material = material;
  }
  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesDetached(pdfBuffer, this.material);
  }
}

export interface PdfSignatureInfo {
  /** Who signs (the complex's name). */
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
}

/** Room for the CMS in the placeholder (bytes): a certificate chain of a few certificates fits with margin. */
const SIGNATURE_LENGTH = 16_384;

/** The PDF signed (an incremental update: the original bytes stay as they were, then the signature). */
export async function signPdf(pdf: Uint8Array, material: SignatureMaterial, info: PdfSignatureInfo): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: Buffer.from(pdf),
    reason: info.reason,
    contactInfo: info.contactInfo,
    name: info.name,
    location: info.location,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Conjunto',
  });
  return new SignPdf().sign(withPlaceholder, new CadesSigner(material));
}
