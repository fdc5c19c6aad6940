import { sql, type Kysely } from 'kysely';

/**
 * The period lock of a dated write in one round trip (periodos' `bloquearYLeerCerrados`, docs/decisions-periodos.md;
 * docs/decisions.md "Una factura en pocas sentencias"). A write takes its store-months' advisory locks, shared, and
 * only then reads which of them are closed: the read must come after the locks, in a statement of its own, so that a
 * closing that held one of them has committed and is seen. That was two statements per write (three with two stores).
 *
 * A PL/pgSQL function keeps the order and the fresh read in one call: it takes the locks in the order given (the
 * caller's ascending order, docs/architecture.md §3 step 0), and its query runs as a statement of its own, with a new
 * snapshot (a volatile function under READ COMMITTED takes one per statement). The keys come from the caller, who also
 * builds the closing's exclusive lock, so both sides lock the same key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function periodos_bloquear_compartidos(espacio int, claves text[], tiendas text[], anios int[], meses int[])
      returns table (tienda_cerrada varchar, anio_cerrado int, mes_cerrado int)
      language plpgsql volatile as $$
    begin
      for i in 1 .. coalesce(array_length(claves, 1), 0) loop
        perform pg_advisory_xact_lock_shared(espacio, hashtext(claves[i]));
      end loop;
      return query
        select p.codigo_tienda, p.anio, p.mes
          from public.periodo_cerrado p
          join unnest(tiendas, anios, meses) as x (tienda, anio, mes)
            on p.codigo_tienda = x.tienda and p.anio = x.anio and p.mes = x.mes
         where p.cerrado
         order by p.codigo_tienda, p.anio, p.mes;
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function periodos_bloquear_compartidos(int, text[], text[], int[], int[])`.execute(db);
}
