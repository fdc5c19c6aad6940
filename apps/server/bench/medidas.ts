/** The value below which `p` percent of the sorted `ordenados` fall (nearest rank); NaN for no values. */
export function percentil(ordenados: number[], p: number): number {
  if (ordenados.length === 0) return NaN;
  return ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)]!;
}
