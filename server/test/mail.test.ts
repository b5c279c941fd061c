// The e-mail outbox: without SMTP mails stay 'local'; with SMTP_URL the sender delivers them (here to a tiny
// SMTP server on a local port), retries failures with back-off and gives up after 5 attempts.
import { once } from 'node:events';
import { createServer, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailService } from '../src/mail.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let complexId: string;
beforeAll(async () => {
  t = await startTestServer();
  complexId = await t.complexId('alamos');
});
afterAll(() => t?.close());

/** A minimal SMTP server: accepts (or rejects with 550) every message and keeps what it received. */
async function fakeSmtp(reject = false): Promise<{ url: string; messages: string[]; close(): void }> {
  const messages: string[] = [];
  const server: NetServer = createServer((socket) => {
    socket.write('220 fake ESMTP\r\n');
    let inData = false;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write(reject ? '550 mailbox unavailable\r\n' : '250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const command = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (command === 'EHLO' || command === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => server.close() };
}

const actor = () => ({ complexId, userId: null, userName: 'Prueba' });
const row = async (id: string) =>
  (
    await t.sql<{ status: string; attempts: number; last_error: string | null; sent_at: Date | null }>(
      'select status, attempts, last_error, sent_at from mail_outbox where id = ?',
      [id],
    )
  )[0];

describe('mail outbox', () => {
  it("keeps mails 'local' when no SMTP is configured", async () => {
    expect(t.app.mail.smtp).toBe(false);
    const id = await t.db.orm.em
      .fork()
      .transactional((em) => t.app.mail.queue(em, actor(), { to: ['ana@example.com'], subject: 'Hola', text: 'Texto' }));
    expect(await row(id)).toMatchObject({ status: 'local', attempts: 0 });
    expect(await t.app.mail.deliverPending()).toEqual({ sent: 0, failed: 0 });
  });

  it('drops a queued mail with the rollback of its transaction, and refuses a bad address', async () => {
    const before = await t.sql<{ n: number }>('select count(*)::int as n from mail_outbox');
    await expect(
      t.db.orm.em.fork().transactional(async (em) => {
        await t.app.mail.queue(em, actor(), { to: ['ana@example.com'], subject: 'x', text: 'x' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.sql('select count(*)::int as n from mail_outbox')).toEqual(before);
    await expect(
      t.app.mail.queue(t.db.orm.em.fork(), actor(), { to: ['no es correo'], subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('delivers pending mails with their attachments by SMTP', async () => {
    const smtp = await fakeSmtp();
    const mail = createMailService({ smtpUrl: smtp.url, mailFrom: 'Conjunto <no-reply@conjunto.test>' }, t.db.orm, t.app.log);
    try {
      const id = await t.db.orm.em.fork().transactional((em) =>
        mail.queue(em, actor(), {
          to: ['ana@example.com'],
          cc: ['copia@example.com'],
          subject: 'Estado de cuenta',
          text: 'Adjunto su estado de cuenta.',
          attachments: [{ filename: 'estado.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.3 prueba') }],
        }),
      );
      expect((await row(id)).status).toBe('pending');
      expect(await mail.deliverPending()).toEqual({ sent: 1, failed: 0 });
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('Subject: Estado de cuenta');
      expect(smtp.messages[0]).toContain('Cc: copia@example.com');
      expect(smtp.messages[0]).toContain('filename=estado.pdf');
      expect(await mail.deliverPending()).toEqual({ sent: 0, failed: 0 });
    } finally {
      await mail.stop();
      smtp.close();
    }
  });

  it('retries a refused mail later and gives up after 5 attempts', async () => {
    const smtp = await fakeSmtp(true);
    const mail = createMailService({ smtpUrl: smtp.url, mailFrom: 'no-reply@conjunto.test' }, t.db.orm, t.app.log);
    try {
      const id = await t.db.orm.em
        .fork()
        .transactional((em) => mail.queue(em, actor(), { to: ['rebota@example.com'], subject: 'Aviso', text: 'x' }));
      expect(await mail.deliverPending()).toEqual({ sent: 0, failed: 1 });
      const first = await row(id);
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first.last_error).toContain('550');
      // Not due yet: nothing is sent again at once.
      expect(await mail.deliverPending()).toEqual({ sent: 0, failed: 0 });
      for (let attempt = 2; attempt <= 5; attempt++) {
        await t.sql('update mail_outbox set next_attempt_at = now() where id = ?', [id]);
        await mail.deliverPending();
      }
      expect(await row(id)).toMatchObject({ status: 'failed', attempts: 5 });
    } finally {
      await mail.stop();
      smtp.close();
    }
  });
});
