// The timeline's rows of facts already in the gate's tables, by SQL: the demo seed writes its entries, visits and
// alerts without the routes, and the bench generates millions of entries in bulk; both then derive their timeline.
// Each statement reads and writes only the gate's own tables (and the directory's views), for one complex or every one.

const visitor = `regexp_replace(trim(e.first_name || ' ' || e.last_name), '\\s+', ' ', 'g') || ' (' || e.id_number || ')'`;
const unit = '(select u.number from directory_units u where u.id = e.unit_id)';

/** Statements that add the timeline of the complexes matching `where` (over `e`, e.g. `e.complex_id = ?`). */
export function timelineBackfill(where: string): string[] {
  return [
    `insert into gate_timeline (id, complex_id, occurred_at, kind, post_id, place, subject, detail, unit_number, ref_id)
     select gen_random_uuid(), e.complex_id, e.entered_at, 'entrada', e.post_id, case when e.unit_id is null then e.place end,
            ${visitor}, e.visit_type || coalesce(' · ' || e.plate, ''), ${unit}, e.id
       from gate_entries e where ${where}`,
    `insert into gate_timeline (id, complex_id, occurred_at, kind, post_id, subject, detail, unit_number, ref_id)
     select gen_random_uuid(), e.complex_id, e.entered_at, case e.list_hit when 'negra' then 'lista_negra' else 'lista_blanca' end,
            e.post_id, ${visitor}, case e.list_hit when 'negra' then 'Visitante en lista negra' else 'Visitante en lista blanca' end,
            ${unit}, e.id
       from gate_entries e where e.list_hit is not null and ${where}`,
    `insert into gate_timeline (id, complex_id, occurred_at, kind, post_id, subject, detail, unit_number, ref_id)
     select gen_random_uuid(), e.complex_id, e.exited_at, case when e.rejected then 'rechazo' else 'salida' end, e.post_id,
            ${visitor}, e.plate, ${unit}, e.id
       from gate_entries e where e.exited_at is not null and ${where}`,
    `insert into gate_timeline (id, complex_id, occurred_at, kind, place, subject, detail, unit_number, ref_id)
     select gen_random_uuid(), e.complex_id, e.created_at, 'visita_anticipada', e.place,
            trim(e.first_name || ' ' || e.last_name) || coalesce(' (' || e.id_number || ')', ''),
            'Llegada estimada: ' || to_char(e.expected_arrival at time zone 'America/Guayaquil', 'DD/MM/YYYY HH24:MI'),
            ${unit}, e.id
       from early_visits e where ${where}`,
    `insert into gate_timeline (id, complex_id, occurred_at, kind, subject, detail, unit_number, ref_id)
     select gen_random_uuid(), e.complex_id, e.raised_at, 'panico', e.resident_name, e.detail, e.unit_number, e.id
       from panic_alerts e where ${where}`,
  ];
}
