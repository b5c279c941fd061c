// Test electronic signatures made with node-forge (no binary secret in the repository): a CA, and a signer's key
// and certificate issued by it with digitalSignature, packed as PKCS#12 under a password.
import forge from 'node-forge';

export interface TestP12 {
  p12: Buffer;
  password: string;
  /** The signer's certificate's CN. */
  commonName: string;
}

const keys = new Map<number, forge.pki.rsa.KeyPair>();
/** RSA keys are slow to make: one per slot, reused by the test file. */
function keyPair(slot: number): forge.pki.rsa.KeyPair {
  let pair = keys.get(slot);
  if (!pair) {
    pair = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
    keys.set(slot, pair);
  }
  return pair;
}

function certificate(
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKey: forge.pki.PublicKey,
  signer: forge.pki.rsa.PrivateKey,
  extensions: object[],
  serial: string,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 2 * 365 * 86_400_000);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(extensions);
  cert.sign(signer, forge.md.sha256.create());
  return cert;
}

/**
 * A .p12 like an Ecuadorian signer's: the signer's pair (CN, serialNumber, C=EC; digitalSignature and
 * nonRepudiation) and the CA's certificate. `keyless`: the certificates only (no private key). `algorithm`:
 * '3des' (legacy files) or 'aes256' (OpenSSL 3's default).
 */
export function makeP12(
  options: { password?: string; commonName?: string; keyless?: boolean; algorithm?: '3des' | 'aes256' } = {},
): TestP12 {
  const password = options.password ?? 'clave123';
  const commonName = options.commonName ?? 'JUAN PEREZ';
  const ca = keyPair(0);
  const signer = keyPair(1);
  const caName = [
    { name: 'countryName', value: 'EC' },
    { name: 'organizationName', value: 'ENTIDAD DE PRUEBAS' },
    { name: 'commonName', value: 'AC PRUEBAS CONJUNTO' },
  ];
  const caCert = certificate(
    caName,
    caName,
    ca.publicKey,
    ca.privateKey,
    [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true },
    ],
    '01',
  );
  const signerCert = certificate(
    [
      { name: 'countryName', value: 'EC' },
      { name: 'serialNumber', value: '0102030405' },
      { name: 'commonName', value: commonName },
    ],
    caName,
    signer.publicKey,
    ca.privateKey,
    [{ name: 'keyUsage', digitalSignature: true, nonRepudiation: true }],
    '5e1f2a3b4c5d6e7f',
  );
  const asn1 = forge.pkcs12.toPkcs12Asn1(options.keyless ? null : signer.privateKey, [signerCert, caCert], password, {
    algorithm: options.algorithm ?? '3des',
    friendlyName: commonName,
  });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password, commonName };
}
