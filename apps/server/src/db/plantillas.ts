import { isDeepStrictEqual } from 'node:util';
import { CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import { preparada, type Db } from './database';

/** Where a value of a statement comes from: the same inputs give the same value. */
export type Fuente<E, T> = (entradas: E) => T;

/**
 * Puts a value into a statement built for a template: `valor` itself, computed from the request's inputs, and
 * `fuente`, the same computation over any inputs. While a template is recorded it returns a mark of `fuente` instead
 * (the statement is only compiled then, never run).
 */
export type Ligar<E> = <T>(valor: T, fuente: Fuente<E, T>) => T;

/** `ligar` of a statement built for itself: the value, no mark. */
export const SIN_LIGAR: Ligar<never> = (valor) => valor;

/** The mark a recorded value leaves among the compiled statement's parameters. */
class Ligado<E> {
  constructor(readonly fuente: Fuente<E, unknown>) {}
}

interface Plantilla<E> {
  texto: string;
  /** Each parameter in order: its source, or a constant the builder wrote as a parameter. */
  parametros: Fuente<E, unknown>[];
}

/**
 * Prepared statements whose SQL is built once per name and then only given its parameters (docs/decisions.md, "La
 * lista sin Kysely en cada pedido"). A statement of the billing list is about 12,000 characters and a hundred
 * parameters, and Kysely building and compiling it on every request was a fifth of the server thread's time under
 * load, while PostgreSQL, which prepares it once per connection, spends about 1 ms on it.
 *
 * `construir` builds the statement from its inputs, and puts every value that comes from them through `ligar`. The
 * first call of a name builds it once with marks, and keeps its text and where each parameter comes from: later
 * calls compute the parameters from their inputs and send the kept text. A value the builder writes without `ligar`
 * is kept as the constant it was: so that a forgotten `ligar` cannot go unnoticed, under the tests (`verificar`)
 * every call also builds its statement in full and refuses any difference in text or parameters.
 */
export class PlantillasPreparadas<E> {
  /** Builds every call in full, as before templates: only for bench:facturas to compare both (ALTERNAR_PLANTILLAS). */
  static construirSiempre = false;

  private readonly guardadas = new Map<string, Plantilla<E>>();

  constructor(private readonly verificar = process.env.NODE_ENV === 'test') {}

  async ejecutar<T>(db: Db, nombre: string, entradas: E, construir: (ligar: Ligar<E>) => RawBuilder<T>): Promise<QueryResult<T>> {
    if (PlantillasPreparadas.construirSiempre) return preparada(nombre, construir(SIN_LIGAR)).execute(db);
    let plantilla = this.guardadas.get(nombre);
    if (plantilla === undefined) {
      const marcar: Ligar<E> = (_valor, fuente) => new Ligado(fuente) as never;
      const grabada = preparada(nombre, construir(marcar)).compile(db);
      plantilla = {
        texto: grabada.sql,
        parametros: grabada.parameters.map((parametro) => (parametro instanceof Ligado ? (parametro.fuente as Fuente<E, unknown>) : () => parametro)),
      };
      this.guardadas.set(nombre, plantilla);
    }
    const parametros = plantilla.parametros.map((fuente) => fuente(entradas));
    if (this.verificar) {
      const completa = preparada(nombre, construir(SIN_LIGAR)).compile(db);
      if (completa.sql !== plantilla.texto || !isDeepStrictEqual(completa.parameters, parametros)) {
        throw new Error(`La plantilla ${nombre} no da la sentencia completa: parámetros ${JSON.stringify(parametros)}, esperados ${JSON.stringify(completa.parameters)}`);
      }
    }
    return db.executeQuery<T>(CompiledQuery.raw(plantilla.texto, parametros));
  }
}
