// What the household tests share: the demo resident signs in as the residents' app does.
import type { TestServer } from '@conjunto/server/testing';

export async function residentLogin(t: TestServer, email = 'residente@demo.test'): Promise<{ authorization: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'demo1234', client: 'app' },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().token}` };
}
