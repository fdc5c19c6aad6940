import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { IndiceProductos, type FiltrosProductos, type OrdenIndice } from './productos.indice';
import * as repositorio from './productos.repository';

/** A page answer whose catalog counter still differs after this many reloads is given as it is. */
const INTENTOS = 3;

/**
 * Keeps the search index of one database's catalog current (PostgreSQL stays the truth): built at the first
 * search, rebuilt when the catalog's change counter (producto_version, moved by a trigger whoever writes) is not
 * the index's. Every page query reads the counter together with its rows, so a search never answers from an
 * index older than the rows it shows: a product saved a moment ago is found by the next search.
 */
export class BuscadorProductos {
  private indice: IndiceProductos | null = null;
  private cargando: Promise<IndiceProductos> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One page of the products matching `filtros`, newest first or by a column the index keeps (`orden`), with the
   * total of matches. `leer` reads the rows of the page's ids (in any order) and the catalog's counter, in one statement.
   */
  async pagina<T extends { id: number }>(
    filtros: FiltrosProductos,
    offset: number,
    limit: number,
    leer: (ids: number[]) => Promise<{ version: string; filas: T[] }>,
    orden?: OrdenIndice,
  ): Promise<{ total: number; filas: T[] }> {
    let indice = this.indice ?? (await this.cargar());
    for (let intento = 1; ; intento++) {
      const { total, ids } = indice.buscar(filtros, offset, limit, orden);
      const { version, filas } = await leer(ids);
      if (version === indice.version || intento === INTENTOS) {
        const porId = new Map(filas.map((fila) => [fila.id, fila]));
        return { total, filas: ids.flatMap((id) => porId.get(id) ?? []) };
      }
      indice = await this.cargar(version);
    }
  }

  /**
   * One page of the products matching `filtros` sorted by a column the index does not keep (a store's price or
   * stock): the index finds every match, and `leerOrdenada` sorts and pages them in PostgreSQL, reading the
   * catalog's counter in the same statement. It gets null for "every product" (no search and no group), so the
   * whole catalog never travels as a list of ids.
   */
  async paginaOrdenadaEnBase<T>(
    filtros: FiltrosProductos,
    offset: number,
    limit: number,
    leerOrdenada: (ids: number[] | null, offset: number, limit: number) => Promise<{ version: string; filas: T[] }>,
  ): Promise<{ total: number; filas: T[] }> {
    const todos = !filtros.busqueda?.trim() && filtros.grupoId === undefined;
    let indice = this.indice ?? (await this.cargar());
    for (let intento = 1; ; intento++) {
      const { total, ids } = indice.buscar(filtros, 0, todos ? 0 : Number.MAX_SAFE_INTEGER);
      const { version, filas } = await leerOrdenada(todos ? null : ids, offset, limit);
      if (version === indice.version || intento === INTENTOS) return { total, filas };
      indice = await this.cargar(version);
    }
  }

  /** The index at `version` when another request already rebuilt it; otherwise one rebuild shared by all callers. */
  private cargar(version?: string): Promise<IndiceProductos> {
    if (this.indice && this.indice.version === version) return Promise.resolve(this.indice);
    this.cargando ??= repositorio
      .findCatalogoIndexable(this.db)
      .then(({ version: leida, productos }) => (this.indice = new IndiceProductos(leida, productos)))
      .finally(() => (this.cargando = null));
    return this.cargando;
  }
}
