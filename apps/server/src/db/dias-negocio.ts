// The business day in SQL (docs/architecture.md §3): a calendar date 'YYYY-MM-DD' of the business's zone is the range
// of instants from its midnight there to the next midnight, excluded. Every filter of a timestamp by business days goes
// through here, so a day starts at the same instant in every list, report and export.
import { sql, type RawBuilder } from 'kysely';
import { ZONA_NEGOCIO } from '@tablero/domain';
import { valorOpaco } from './database';

/** The instant business day `fecha` starts: its midnight in `zona`, a timestamptz. */
function inicioDiaNegocio(fecha: string, zona: string): RawBuilder<Date> {
  return sql<Date>`(${fecha}::date)::timestamp at time zone ${zona}`;
}

/** The instant business day `fecha` ends: the next day's midnight in `zona`, itself outside the day. */
function finDiaNegocio(fecha: string, zona: string): RawBuilder<Date> {
  return sql<Date>`(${fecha}::date + 1)::timestamp at time zone ${zona}`;
}

/** Business days `desde` to `hasta`, both included; a missing end leaves that side open. */
export interface DiasNegocio {
  desde?: string | null;
  hasta?: string | null;
  /** The business's zone, `ZONA_NEGOCIO`; only the dashboard's check of its daily summary reads another one. */
  zona?: string;
  /**
   * The ends as scalar subqueries (computed once per statement). For a condition no index serves, under a generic
   * plan: there each row would convert the ends to instants again (a time zone looked up by name, twice per row).
   */
  extremosOpacos?: boolean;
}

/**
 * `columna` (a timestamptz: 'alias.column', or an expression) falls within the business days of `dias`. Both ends are
 * constants, so an index on the column serves the range; with no end at all it is `true`.
 */
export function enDiasNegocio(columna: string | RawBuilder<Date>, dias: DiasNegocio): RawBuilder<boolean> {
  const ref = typeof columna === 'string' ? sql.ref(columna) : columna;
  const partes: RawBuilder<boolean>[] = [];
  const zona = dias.zona ?? ZONA_NEGOCIO;
  const extremo = (instante: RawBuilder<Date>) => (dias.extremosOpacos ? valorOpaco(instante) : instante);
  if (dias.desde) partes.push(sql<boolean>`${ref} >= ${extremo(inicioDiaNegocio(dias.desde, zona))}`);
  if (dias.hasta) partes.push(sql<boolean>`${ref} < ${extremo(finDiaNegocio(dias.hasta, zona))}`);
  return partes.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(partes, sql` and `)})`;
}

/** Today's business date by PostgreSQL's clock (a `date`), for a write that numbers or dates by day. */
export function hoyNegocioSql(): RawBuilder<string> {
  return sql<string>`(clock_timestamp() at time zone ${ZONA_NEGOCIO})::date`;
}
