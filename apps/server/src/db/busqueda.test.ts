import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../test/app';
import { buscarEn, firmaBusqueda } from './busqueda';

const entorno = usarEntorno();

/** A throwaway table of this file's database: the helper is checked on rows, not on generated SQL. */
beforeAll(async () => {
  await sql`create table prueba_busqueda (id int primary key, nombre text not null, correo text, documento text)`.execute(entorno.db);
  await sql`
    insert into prueba_busqueda values
      (1, 'José Gómez', 'jose@correo.co', '900.123.456-7'),
      (2, 'Ana Pérez', 'ana@correo.co', '9001234567'),
      (3, 'Descuento 50% Ñandú', null, '1020304050'),
      (4, 'Muñoz_Ltda', 'muñoz@correo.co', 'AB-1234')
  `.execute(entorno.db);
});

async function buscar(busqueda: string, conDocumentos = true): Promise<number[]> {
  // The table is not in the app's Database type: a dynamic query builder over it.
  const db = entorno.db.withTables<{ prueba_busqueda: { id: number; nombre: string; correo: string | null; documento: string } }>();
  const filas = await db
    .selectFrom('prueba_busqueda')
    .select('id')
    .where((eb) => buscarEn(eb, { texto: ['nombre', 'correo'], documentos: conDocumentos ? ['documento'] : [] }, busqueda))
    .orderBy('id')
    .execute();
  return filas.map((fila) => fila.id);
}

describe('buscarEn', () => {
  it('ignores accents and case both ways', async () => {
    expect(await buscar('gomez')).toEqual([1]);
    expect(await buscar('GOMEZ')).toEqual([1]);
    expect(await buscar('Gómez')).toEqual([1]);
    expect(await buscar('GÓMEZ')).toEqual([1]);
    expect(await buscar('nandu')).toEqual([3]);
  });

  it('needs every word, each in any column', async () => {
    expect(await buscar('jose gomez')).toEqual([1]);
    expect(await buscar('  gomez   jose ')).toEqual([1]);
    expect(await buscar('ana correo.co')).toEqual([2]);
    expect(await buscar('ana gomez')).toEqual([]);
  });

  it('compares document numbers on their digits, typed with or without separators', async () => {
    expect(await buscar('900123456')).toEqual([1, 2]);
    expect(await buscar('900.123.456-7')).toEqual([1, 2]);
    expect(await buscar('1.020.304')).toEqual([3]);
    expect(await buscar('3040')).toEqual([3]);
    // With letters, a document is compared as text: 'a1' must not match every document with a 1.
    expect(await buscar('ab-1234')).toEqual([4]);
    expect(await buscar('ab1234')).toEqual([]);
    expect(await buscar('a1')).toEqual([]);
    // Fewer than four digits must start the document: a number in a name does not match most documents.
    expect(await buscar('900')).toEqual([1, 2]);
    expect(await buscar('1.2')).toEqual([4]);
    expect(await buscar('30')).toEqual([]);
    expect(await buscar('ana 30')).toEqual([]);
    // Without document columns, digits are plain text.
    expect(await buscar('900123456', false)).toEqual([]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await buscar('50%')).toEqual([3]);
    expect(await buscar('%')).toEqual([3]);
    expect(await buscar('_')).toEqual([4]);
    expect(await buscar('\\')).toEqual([]);
  });

  it('matches everything with an empty search', async () => {
    expect(await buscar('   ')).toEqual([1, 2, 3, 4]);
  });

  it('lets the planner use the trigram indexes of the big tables', async () => {
    await sql`set enable_seqscan = off`.execute(entorno.db);
    try {
      const plan = async (busqueda: string) => {
        const filas = await entorno.db
          .selectFrom('tercero')
          .select('id')
          .where((eb) => buscarEn(eb, { texto: ['tercero.nombres', 'tercero.apellidos'], documentos: ['tercero.numero_documento'] }, busqueda))
          .explain();
        return filas.map((fila) => Object.values(fila).join('')).join('\n');
      };
      expect(await plan('gomez')).toContain('tercero_nombres_busqueda');
      expect(await plan('900123')).toContain('tercero_documento_digitos');
    } finally {
      await sql`reset enable_seqscan`.execute(entorno.db);
    }
  });
});

describe('firmaBusqueda', () => {
  it('names the shape of the SQL each word gets: a document word (digits and separators) or a text word', () => {
    expect(firmaBusqueda(['ana', '900.123.456-7', 'AB-1234', '10'])).toBe('tdtd');
    expect(firmaBusqueda([])).toBe('');
  });
});
