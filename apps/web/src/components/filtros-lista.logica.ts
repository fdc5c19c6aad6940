/** The pure rules of the list filter bars (components/formulario-filtros.tsx, components/numero-venta.tsx). */

/**
 * List date filters (spec 002 §5 Production, spec 001 dispatch): end at most today, start at most end. A range outside
 * the bounds (typed by hand) is brought inside them rather than sent for the server to refuse.
 */
export function acotarFechas<T extends { fecha_inicial: string | null; fecha_final: string | null }>(filtros: T, hoy: string): T {
  const fecha_final = filtros.fecha_final !== null && filtros.fecha_final > hoy ? hoy : filtros.fecha_final;
  const fecha_inicial =
    filtros.fecha_inicial !== null && fecha_final !== null && filtros.fecha_inicial > fecha_final ? fecha_final : filtros.fecha_inicial;
  return { ...filtros, fecha_inicial, fecha_final };
}

/** spec 002 §5, spec 001 dispatch: the sale number is an integer, min 0; empty or anything else is no filter. */
export function leerNumeroVenta(valor: string | number): number | null {
  const numero = typeof valor === 'number' ? valor : Number(valor);
  return valor !== '' && Number.isSafeInteger(numero) && numero >= 0 ? numero : null;
}

/** A list's dates and customer as its route takes them (production panel, dispatch turns): the customer by its id. */
export function rangoYCliente<F extends { fecha_inicial: string | null; fecha_final: string | null; cliente: { id: number } | null }>(filtros: F) {
  return { fecha_inicial: filtros.fecha_inicial as F['fecha_inicial'], fecha_final: filtros.fecha_final as F['fecha_final'], cliente_id: filtros.cliente?.id ?? null };
}
