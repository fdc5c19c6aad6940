import { aCentavos, dePesos, NOMBRES_TIPO_RETENCION, type PropuestaRetenciones, type RetencionEntrada, type TipoRetencion } from '@tablero/domain';

/** One withholding row of the bill dialog (docs/decisions-retenciones.md): proposed, its value editable. */
export interface FilaRetencion {
  tipo: TipoRetencion;
  concepto: RetencionEntrada['concepto'];
  base: number;
  tarifa: number;
  /** What the cashier typed ('' while empty). */
  valor: number | '';
}

export const filasDePropuesta = (propuesta: PropuestaRetenciones | undefined): FilaRetencion[] =>
  (propuesta?.retenciones ?? []).map((r) => ({ tipo: r.tipo, concepto: r.concepto, base: r.base, tarifa: r.tarifa, valor: r.valor }));

/** What the rows withhold, in pesos (an empty value counts 0). */
export const totalRetenido = (filas: readonly FilaRetencion[]) => dePesos(filas.reduce((s, f) => s + (f.valor === '' ? 0 : aCentavos(f.valor)), 0));

/** What the payment rows must add up to: the whole total on credit (the withholding lowers the balance), the rest on cash. */
export const totalPorPagar = (total: number, filas: readonly FilaRetencion[], credito: boolean) => (credito ? total : dePesos(aCentavos(total) - aCentavos(totalRetenido(filas))));

/** The bill's `retenciones`: the rows with a value (an emptied or 0 row is dropped: the customer did not withhold it). */
export const solicitudRetenciones = (filas: readonly FilaRetencion[]) =>
  filas.filter((f) => f.valor !== '' && f.valor > 0).map((f) => ({ tipo: f.tipo, concepto: f.concepto, base: f.base, tarifa: f.tarifa, valor: f.valor as number }));

export const nombreTipo = (tipo: TipoRetencion) => NOMBRES_TIPO_RETENCION[tipo];
