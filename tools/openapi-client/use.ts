// A client as an API consumer writes it: typed by the paths generated from /api/docs/json. It must compile
// against the generated types (tsc in the test), then it signs in and reads a list from the running app.
import createClient from 'openapi-fetch';
import type { paths } from './generated/api.ts';

const client = createClient<paths>({ baseUrl: process.argv[2] });
const login = await client.POST('/api/auth/login', { body: { email: 'admin@demo.test', password: 'demo1234' } });
if (!login.data) throw new Error(`login: ${login.response.status}`);
const headers = { authorization: `Bearer ${login.data.token}` };
const complexId = login.data.user.complexes[0].id;
const units = await client.GET('/api/complexes/{complexId}/units', {
  params: { path: { complexId }, query: { range: '[0,4]', sort: '["number","ASC"]' } },
  headers,
});
// An item route: its URL needs both complexId and id from the document.
const first = units.data?.[0];
const one =
  first &&
  (await client.GET('/api/complexes/{complexId}/units/{id}', { params: { path: { complexId, id: first.id } }, headers }));
const denied = await client.GET('/api/complexes/{complexId}/units', { params: { path: { complexId } } });
console.log(
  JSON.stringify({
    status: units.response.status,
    numbers: units.data?.map((u) => u.number),
    contentRange: units.response.headers.get('content-range'),
    one: one?.data?.number,
    denied: denied.response.status,
    deniedCode: denied.error?.code,
  }),
);
