// The demo's electronic signature: El Bosque gets a self-signed test certificate (password demo1234), so signed
// certificates can be tried at once; Los Álamos starts without one (its administrator loads one in Configuraciones).
// Made at seeding time, never stored in the repository.
import { generateKeyPairSync } from 'node:crypto';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';
import forge from 'node-forge';
import type { SignatureService } from './store.ts';

export const DEMO_SIGNATURE = { complex: 'Conjunto El Bosque', password: 'demo1234' } as const;

export async function seedDemoSignature(em: EntityManager, signatures: SignatureService): Promise<void> {
  const [complex] = await em.execute('select id, name from complexes where name = ?', [DEMO_SIGNATURE.complex]);
  if (!complex) return;
  // Node makes the RSA key (native, fast); forge the certificate and the PKCS#12.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  ) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '0d3e0a1b2c';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 2 * 365 * 86_400_000);
  const name = [
    { name: 'countryName', value: 'EC' },
    { name: 'organizationName', value: 'DEMO - SIN VALIDEZ LEGAL' },
    {
      name: 'commonName',
      value: String(complex.name)
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase(),
    },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key, [cert], DEMO_SIGNATURE.password, { algorithm: '3des' })).getBytes();
  await signatures.save(
    em,
    complex.id,
    { userId: null, userName: 'Demo' },
    { fileName: 'firma-demo.p12', bytes: Buffer.from(p12, 'binary'), password: DEMO_SIGNATURE.password },
  );
}
