// /administrador/mudanzaUsuario/:id: the moving requests of one resident (spec 000 §2.4).
import { Title, useGetOne, useParams, useTranslate } from 'react-admin';
import { ResidentMovingList } from './MovingList.tsx';
import { RESIDENTS } from './shared.tsx';

export default function ResidentMovingPage() {
  const { id = '' } = useParams<{ id: string }>();
  const translate = useTranslate();
  const { data } = useGetOne<{ id: string; firstName?: string; lastName?: string }>(RESIDENTS, { id }, { enabled: Boolean(id) });
  const name = data ? `${data.firstName ?? ''} ${data.lastName ?? ''}`.trim() : '';
  const title = translate('residents.moving.resident.title', { name });
  return (
    <>
      <Title title={title} />
      <ResidentMovingList residentId={id} title={title} />
    </>
  );
}
