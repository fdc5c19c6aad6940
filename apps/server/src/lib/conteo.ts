/**
 * Totals of large paged lists (issue 4 item 7: 100,000 products must list in a few ms). Counting every match
 * of a broad filter costs time proportional to the catalog, on every page turn. So a list counts at most
 * `TOPE` matches exactly (cheap, bounded); only when there are more does it count them all, and keeps that
 * total for a few seconds per filter, so a burst of page turns or typists pays it once.
 */
export const TOPE_CONTEO_EXACTO = 5_000;
const VIGENCIA_MS = 15_000;
const MAXIMO_ENTRADAS = 500;

const cache = new Map<string, { total: number; expira: number }>();

export async function contarConTope(clave: string, contarHasta: (tope: number) => Promise<number>, contarTodo: () => Promise<number>): Promise<number> {
  const acotado = await contarHasta(TOPE_CONTEO_EXACTO + 1);
  if (acotado <= TOPE_CONTEO_EXACTO) return acotado;
  const guardado = cache.get(clave);
  if (guardado && guardado.expira > Date.now()) return Math.max(guardado.total, acotado);
  const total = await contarTodo();
  if (cache.size >= MAXIMO_ENTRADAS) cache.delete(cache.keys().next().value!);
  cache.set(clave, { total, expira: Date.now() + VIGENCIA_MS });
  return total;
}
