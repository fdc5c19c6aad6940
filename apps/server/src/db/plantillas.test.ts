import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../test/app';
import { buscarEn } from './busqueda';
import { PlantillasPreparadas, type Ligar } from './plantillas';

const entorno = usarEntorno();

/** A throwaway table of this file's database: the templates are checked on the rows their statements answer. */
beforeAll(async () => {
  await sql`create table prueba_plantilla (id int primary key, nombre text not null, tienda text not null)`.execute(entorno.db);
  await sql`insert into prueba_plantilla values (1, 'José Gómez', '001'), (2, 'Ana Pérez', '001'), (3, 'Luis Gómez', '002'), (4, 'Ana Gómez', '002')`.execute(entorno.db);
});

interface Entradas {
  tienda: string;
  busqueda: string;
}

type Tabla = { prueba_plantilla: { id: number; nombre: string; tienda: string } };

/** A store's rows whose name holds every word: the store and the search's patterns through `ligar`, or, with `olvidar`, the store written without it. */
function construir(entradas: Entradas, { olvidar = false } = {}) {
  return (ligar: Ligar<Entradas>) => {
    const db = entorno.db.withTables<Tabla>();
    const tienda = olvidar ? entradas.tienda : ligar(entradas.tienda, (e) => e.tienda);
    return sql<{ id: number }>`${db
      .selectFrom('prueba_plantilla')
      .select('id')
      .where('tienda', '=', tienda)
      .where((eb) => buscarEn(eb, { texto: ['nombre'] }, entradas.busqueda, { ligar: (valor, derivar) => ligar(valor, (e) => derivar(e.busqueda)) }))
      .orderBy('id')}`;
  };
}

async function ids(plantillas: PlantillasPreparadas<Entradas>, nombre: string, entradas: Entradas, opciones: { olvidar?: boolean } = {}) {
  return (await plantillas.ejecutar(entorno.db, nombre, entradas, construir(entradas, opciones))).rows.map((fila) => fila.id);
}

describe('PlantillasPreparadas', () => {
  it('builds a name once and answers each later call for its own values', async () => {
    const plantillas = new PlantillasPreparadas<Entradas>(false);
    let construidas = 0;
    const contando = (entradas: Entradas) => (ligar: Ligar<Entradas>) => {
      construidas += 1;
      return construir(entradas)(ligar);
    };
    const consultar = async (entradas: Entradas) => (await plantillas.ejecutar(entorno.db, 'prueba_plantilla_dos', entradas, contando(entradas))).rows.map((fila) => fila.id);
    expect(await consultar({ tienda: '001', busqueda: 'gomez ana' })).toEqual([]);
    expect(await consultar({ tienda: '002', busqueda: 'gomez ana' })).toEqual([4]);
    expect(await consultar({ tienda: '001', busqueda: 'jose gómez' })).toEqual([1]);
    expect(await consultar({ tienda: '002', busqueda: 'GOMEZ luis' })).toEqual([3]);
    // Recorded once: the other calls only computed their parameters.
    expect(construidas).toBe(1);
  });

  it('under the tests refuses a template whose builder wrote a value of the inputs without ligar', async () => {
    const plantillas = new PlantillasPreparadas<Entradas>(true);
    expect(await ids(plantillas, 'prueba_plantilla_olvido', { tienda: '001', busqueda: 'gomez' }, { olvidar: true })).toEqual([1]);
    // The store was kept as the constant '001': the full statement for '002' differs, and the call is refused.
    await expect(ids(plantillas, 'prueba_plantilla_olvido', { tienda: '002', busqueda: 'gomez' }, { olvidar: true })).rejects.toThrow(
      /La plantilla prueba_plantilla_olvido no da la sentencia completa/,
    );
    // With every value bound, the same calls agree with their full statements.
    expect(await ids(plantillas, 'prueba_plantilla_ligada', { tienda: '001', busqueda: 'gomez' })).toEqual([1]);
    expect(await ids(plantillas, 'prueba_plantilla_ligada', { tienda: '002', busqueda: 'gomez' })).toEqual([3, 4]);
  });
});
