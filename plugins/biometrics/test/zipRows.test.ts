// The bulk-import spreadsheet rows (spec 001 §5): header row 4, data from row 5, row rules, floors, defaults,
// and the Spanish texts of the rules, verbatim.
import { describe, expect, it } from 'vitest';
import { imageKey, parseSheetRows } from '../admin/import/zipRows.ts';
import en from '../messages/import.en.ts';
import es from '../messages/import.es.ts';
import { parseFloors, type RowIssue } from '../rules.ts';

const HEADER = ['Nombres', 'Identificacion', 'Unidad Hab.', 'Pisos', 'Tipo', 'Estado', 'Nombre de Imagen', 'Observaciones'];
const sheet = (...rows: string[][]) => [['Importación masiva de rostros'], ['Complete una fila'], [], HEADER, ...rows];
const images = new Set(['maria.jpg', 'juan.png']);

/** The Spanish text of an issue, as polyglot renders it. */
const spanish = (issue: RowIssue) => es.rules[issue.key].replace(/%\{(\w+)\}/g, (_m, name: string) => issue.args?.[name] ?? '');

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, v]) =>
    typeof v === 'object' ? keysOf(v, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('parseFloors', () => {
  it('reads comma-separated integers, S + number as a basement, and drops the rest, in order', () => {
    expect(parseFloors('1,2,S1')).toEqual([-1, 1, 2]);
    expect(parseFloors(' 3 , s2 ,x, 4.5,,14')).toEqual([-2, 3, 14]);
    // Floors the controllers do not have are dropped too (the selector offers S2, S1 and 1 to 14).
    expect(parseFloors('15,S3,0')).toEqual([]);
    expect(parseFloors('1,1')).toEqual([1]);
    expect(parseFloors('')).toEqual([]);
  });
});

describe('parseSheetRows', () => {
  it('reads data from row 5, skips empty rows and applies the defaults', () => {
    const rows = parseSheetRows(
      sheet(
        ['María Andrade', '1712345678', '101', '1,2,S1', '', '', 'fotos/Maria.JPG', 'Nota'],
        ['', '', '', '', '', '', '', ''],
        ['Juan', '0912', '', '', 'Empleado', 'bloqueado', 'juan.png', ''],
      ),
      new Set(['maria.jpg', 'juan.png']),
    );
    expect(rows).toEqual([
      {
        fila: 5,
        nombre: 'María Andrade',
        identificacion: '1712345678',
        destino: '101',
        tipo: 'propietario',
        estado: 'activo',
        pisos: [-1, 1, 2],
        observaciones: 'Nota',
        imagen: 'fotos/Maria.JPG',
        issues: [],
      },
      {
        fila: 7,
        nombre: 'Juan',
        identificacion: '0912',
        destino: null,
        tipo: 'empleado',
        estado: 'bloqueado',
        pisos: [],
        observaciones: null,
        imagen: 'juan.png',
        issues: [],
      },
    ]);
  });

  it('refuses a sheet whose row 4 lacks Nombres or Identificacion', () => {
    expect(parseSheetRows([['Nombres', 'Identificacion']], images)).toBeNull();
    expect(
      parseSheetRows(
        sheet().map((r) => (r === HEADER ? ['Nombres', 'Cedula'] : r)),
        images,
      ),
    ).toBeNull();
    expect(parseSheetRows(sheet(), images)).toEqual([]);
  });

  it('accepts headers with accents, other case or spacing, as the server does', () => {
    const rows = parseSheetRows(
      [[], [], [], ['NOMBRES', ' Identificación ', 'nombre  de imagen', 'Unidad Hab'], ['Ana', '1', 'juan.png', '101']],
      images,
    );
    expect(rows?.[0]).toMatchObject({ nombre: 'Ana', identificacion: '1', imagen: 'juan.png', destino: '101', issues: [] });
  });

  it('gives every row rule with the spec texts', () => {
    const rows = parseSheetRows(
      sheet(
        ['', '', '', '', '', '', '', ''].map((c, i) => (i === 7 ? 'solo observaciones' : c)),
        ['Ana', '17.123-45', '', '', 'jefe', 'suspendido', 'nada.jpg', ''],
        ['Luis', '1712345678', '', '', '', '', 'maria.jpg', ''],
        ['Luisa', '1712345678', '', '', '', '', 'juan.png', ''],
        ['Pedro', '1799999999', '', '', '', '', '', ''],
      ),
      images,
    );
    expect(rows?.map((r) => r.issues.map(spanish))).toEqual([
      ['Nombres es requerido', 'Identificacion es requerida', 'Debe cargar una imagen del rostro'],
      [
        'Identificacion debe contener solo números (sin puntos, guiones o espacios)',
        "Tipo 'jefe' no es válido. Use: propietario, familiar, empleado, visitante, inquilino, arrendatario",
        "Estado 'suspendido' no es válido. Use: activo, bloqueado",
        "Imagen 'nada.jpg' no encontrada en el archivo ZIP",
      ],
      [],
      ['Identificación duplicada'],
      ['Debe cargar una imagen del rostro'],
    ]);
  });

  it('matches photos by base name without regard to case', () => {
    expect(imageKey('a/b/Foto 1.PNG')).toBe('foto 1.png');
  });
});

describe('messages', () => {
  it('Spanish and English have the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(es).sort());
  });
});
