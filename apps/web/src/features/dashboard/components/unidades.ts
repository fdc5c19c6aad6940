const UNIDADES = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A quantity sold: whole pieces, or metres of edge band with their decimals ('1,250', '12.5'), the app's digits. */
export function formatearUnidades(valor: number): string {
  return UNIDADES.format(valor);
}
