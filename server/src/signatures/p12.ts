// Reading a PKCS#12 electronic signature (.p12/.pfx) with node-forge: the signing key and its certificate, paired
// by the RSA modulus (never by bag order or friendly name: Ecuadorian BCE files hold a decryption pair first),
// preferring a certificate with digitalSignature and valid today. Anything unreadable is one 400 with the spec's
// text (000 §5): a wrong password, a file that is not PKCS#12, one without a private key, a non-RSA key.
import { ApiError } from '@conjunto/core';
import forge from 'node-forge';

export const INVALID_SIGNATURE_MESSAGE = 'El archivo no es una firma electrónica válida.';
export const invalidSignature = () =>
  new ApiError(400, 'INVALID_SIGNATURE', INVALID_SIGNATURE_MESSAGE, { file: INVALID_SIGNATURE_MESSAGE });

export interface SignatureMaterial {
  privateKey: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  /** The other certificates of the file (issuers), for the CMS's certificate set. */
  chain: forge.pki.Certificate[];
}

export interface CertificateFacts {
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
}

const SHORT_NAMES: Record<string, string> = { emailAddress: 'E' };

/** 'CN=JUAN PEREZ, SERIALNUMBER=0102030405, C=EC': most specific first, as readers show it. */
export function nameText(name: forge.pki.Certificate['subject']): string {
  return name.attributes
    .map((a) => `${a.shortName ?? SHORT_NAMES[a.name ?? ''] ?? a.name ?? a.type}=${String(a.value)}`)
    .reverse()
    .join(', ')
    .slice(0, 500);
}

export function factsOf(certificate: forge.pki.Certificate): CertificateFacts {
  return {
    subject: nameText(certificate.subject),
    issuer: nameText(certificate.issuer),
    serialNumber: certificate.serialNumber.slice(0, 100),
    validFrom: certificate.validity.notBefore,
    validTo: certificate.validity.notAfter,
  };
}

function parse(der: string, password: string, strict: boolean): forge.pkcs12.Pkcs12Pfx {
  return forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der, true), strict, password);
}

/** The key and certificate of a .p12; throws the 400 of INVALID_SIGNATURE_MESSAGE otherwise. */
export function readP12(bytes: Uint8Array, password: string): SignatureMaterial {
  const der = forge.util.binary.raw.encode(bytes);
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = parse(der, password, true);
  } catch (error) {
    // forge checks the MAC with the password as BMPString (right), then derives PBES2 keys from its bytes as Latin-1:
    // a password with ñ or á (UTF-8, as OpenSSL wrote it) passes the MAC and fails there. Only then read again
    // with the UTF-8 bytes (the MAC was checked above); a wrong password fails the MAC and stops here.
    const macFailed = /MAC could not be verified/i.test(String((error as Error)?.message));
    if (macFailed || !/[^\x20-\x7e]/.test(password)) throw invalidSignature();
    try {
      p12 = parse(der, forge.util.encodeUtf8(password), false);
    } catch {
      throw invalidSignature();
    }
  }
  const bags = (type: string) => {
    try {
      return p12.getBags({ bagType: type })[type] ?? [];
    } catch {
      return [];
    }
  };
  const keys = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag), ...bags(forge.pki.oids.keyBag)]
    .map((b) => b.key as forge.pki.rsa.PrivateKey | undefined)
    .filter((k): k is forge.pki.rsa.PrivateKey => Boolean(k?.n));
  const certificates = bags(forge.pki.oids.certBag)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  const now = Date.now();
  const score = (c: forge.pki.Certificate) => {
    const usage = c.getExtension('keyUsage') as { digitalSignature?: boolean } | null;
    const valid = c.validity.notBefore.getTime() <= now && now <= c.validity.notAfter.getTime();
    return (usage === null || usage.digitalSignature ? 2 : 0) + (valid ? 1 : 0);
  };
  const pairs = keys.flatMap((privateKey) =>
    certificates
      .filter((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(privateKey.n))
      .map((certificate) => ({ privateKey, certificate })),
  );
  const best = pairs.sort((a, b) => score(b.certificate) - score(a.certificate))[0];
  if (!best) throw invalidSignature();
  return { ...best, chain: certificates.filter((c) => c !== best.certificate) };
}
