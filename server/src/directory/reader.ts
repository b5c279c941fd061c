// host.directory: the typed, complex-bound reads plugins make of the host's directory (issue 10). The SQL reads
// the views of server_0008 (the same ones plugins may join), so a change of the host's tables touches the views only.

import type { DirectoryComplex, DirectoryPerson, DirectoryUnit, HostDirectory, PeopleQuery, UnitQuery } from '@conjunto/core';
import { isUuid } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';

const UNIT_COLUMNS = `id, number, type, aliquot::text as aliquot, is_active as "isActive", holder_id as "holderId",
  holder_name as "holderName", holder_email as "holderEmail", holder_phone as "holderPhone", address, locked,
  owner_id as "ownerId", tenant_id as "tenantId", tenant_visits_blocked as "tenantVisitsBlocked",
  tenant_reservations_blocked as "tenantReservationsBlocked"`;
const PERSON_COLUMNS = `p.id, p.name, p.email, p.phone, p.unit_id as "unitId", p.is_active as "isActive", p.vip,
  p.payment_agreement as "paymentAgreement", p.prepaid_guarantee as "prepaidGuarantee"`;

/** The conditions of a query, each with its value or, for a plain condition, `true` to use it (undefined: skip). */
function filters(parts: [string, unknown][]): { sql: string; values: unknown[] } {
  const used = parts.filter(([, value]) => value !== undefined && value !== false);
  return {
    sql: used.map(([sql]) => ` and ${sql}`).join(''),
    values: used.filter(([sql]) => sql.includes('?')).map(([, value]) => value),
  };
}

/** An empty list filter matches nothing (`in ()` is not SQL). */
const none = (list: readonly unknown[] | undefined) => list !== undefined && list.length === 0;

/** Ids that could match (a malformed one matches nothing rather than failing the statement). */
const ids = (list: readonly string[] | undefined) => list?.filter(isUuid);

export function directoryOf(em: EntityManager, complexId: string): HostDirectory {
  const people = async (from: string, values: unknown[], query: PeopleQuery = {}): Promise<DirectoryPerson[]> => {
    const only = ids(query.ids);
    if (none(only)) return [];
    const where = filters([
      ['p.id in (?)', only],
      ['p.is_active', !query.includeInactive],
    ]);
    return em.execute(`select ${PERSON_COLUMNS} from ${from}${where.sql} order by p.last_name, p.first_name, p.id`, [
      ...values,
      ...where.values,
    ]);
  };
  return {
    async complex() {
      const [row] = await em.execute<DirectoryComplex[]>(
        `select c.id, c.name, c.ruc, c.image, c.address, c.city, c.province, c.contact_name as "contactName",
                c.contact_phone as "contactPhone", c.contact_email as "contactEmail", c.custom_email as "customEmail",
                co.name as "companyName"
           from complexes c left join companies co on co.id = c.company_id where c.id = ?`,
        [complexId],
      );
      if (!row) throw new Error(`complex ${complexId} not found`);
      return row;
    },
    async units(query: UnitQuery = {}) {
      const only = ids(query.ids);
      const holders = ids(query.holders);
      if (none(only) || none(query.numbers) || none(holders)) return [];
      const where = filters([
        ['id in (?)', only],
        ['lower(number) in (?)', query.numbers?.map((n) => n.toLowerCase())],
        ['holder_id in (?)', holders],
        ['is_active', !query.includeInactive],
      ]);
      const limit = Number.isSafeInteger(query.limit) && query.limit! >= 0 ? query.limit : undefined;
      return em.execute(
        `select ${UNIT_COLUMNS} from directory_units where complex_id = ?${where.sql} order by number_sort, id${limit === undefined ? '' : ' limit ?'}`,
        [complexId, ...where.values, ...(limit === undefined ? [] : [limit])],
      );
    },
    async unit(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await em.execute<DirectoryUnit[]>(
        `select ${UNIT_COLUMNS} from directory_units where id = ? and complex_id = ?`,
        [id, complexId],
      );
      return row;
    },
    residents: (query) => people(`directory_people p where p.residence_complex_id = ? and p.is_resident`, [complexId], query),
    async person(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await em.execute<DirectoryPerson[]>(
        `select ${PERSON_COLUMNS} from directory_people p
          where p.id = ? and (p.residence_complex_id = ? or exists (select 1 from user_complexes uc where uc.user_id = p.id and uc.complex_id = ?))`,
        [id, complexId, complexId],
      );
      return row;
    },
    staff: (role, query) =>
      people(
        'directory_people p join user_complexes uc on uc.user_id = p.id and uc.complex_id = ? join users u on u.id = p.id where u.roles @> ?::jsonb',
        [complexId, JSON.stringify([role])],
        query,
      ),
  };
}
