import { IMPUESTOS, UNIDADES } from './codigos';
import type { ImpuestoLinea, LineaDocumento } from './tipos';

/** One percentage of one tax: a cac:TaxSubtotal. */
export interface SubtotalImpuesto {
  porcentaje: string;
  baseCentavos: number;
  valorCentavos: number;
}

/** One tax scheme with its subtotals: a cac:TaxTotal. */
export interface TotalImpuesto {
  codigo: string;
  valorCentavos: number;
  subtotales: SubtotalImpuesto[];
}

export interface LineaCalculada {
  linea: LineaDocumento;
  /** LineExtensionAmount: bruto − descuento. */
  netoCentavos: number;
  impuestos: TotalImpuesto[];
}

/** The document totals, all derived from the lines (LegalMonetaryTotal and the document TaxTotals). */
export interface TotalesDocumento {
  lineas: LineaCalculada[];
  impuestos: TotalImpuesto[];
  /** LineExtensionAmount: sum of the lines' net values. */
  brutoCentavos: number;
  /** TaxExclusiveAmount: sum of the taxable bases, each taxed line counted once. */
  baseGravableCentavos: number;
  impuestosCentavos: number;
  /** TaxInclusiveAmount = LineExtensionAmount + taxes. */
  totalConImpuestosCentavos: number;
  /** PayableAmount: no document-level discounts, charges or advances are issued, so it equals TaxInclusiveAmount. */
  totalPagarCentavos: number;
}

const CANTIDAD = /^\d{1,12}(\.\d{1,6})?$/;
const PORCENTAJE = /^\d{1,3}\.\d{2}$/;

function centavos(valor: number, que: string): number {
  if (!Number.isSafeInteger(valor) || valor < 0) throw new Error(`${que}: debe ser un entero de centavos ≥ 0 (${valor})`);
  return valor;
}

function sumar(valores: number[]): number {
  const total = valores.reduce((suma, valor) => suma + valor, 0);
  if (!Number.isSafeInteger(total)) throw new Error('El total del documento excede el rango representable');
  return total;
}

/** Groups taxes by scheme (code order) and, inside each, by percentage (highest first). */
function agrupar(impuestos: ImpuestoLinea[]): TotalImpuesto[] {
  const porCodigo = new Map<string, TotalImpuesto>();
  for (const impuesto of impuestos) {
    const total = porCodigo.get(impuesto.codigo) ?? { codigo: impuesto.codigo, valorCentavos: 0, subtotales: [] };
    porCodigo.set(impuesto.codigo, total);
    const subtotal = total.subtotales.find((existente) => existente.porcentaje === impuesto.porcentaje);
    if (subtotal) {
      subtotal.baseCentavos = sumar([subtotal.baseCentavos, impuesto.baseCentavos]);
      subtotal.valorCentavos = sumar([subtotal.valorCentavos, impuesto.valorCentavos]);
    } else {
      total.subtotales.push({ porcentaje: impuesto.porcentaje, baseCentavos: impuesto.baseCentavos, valorCentavos: impuesto.valorCentavos });
    }
    total.valorCentavos = sumar([total.valorCentavos, impuesto.valorCentavos]);
  }
  const resultado = [...porCodigo.values()].sort((a, b) => a.codigo.localeCompare(b.codigo));
  for (const total of resultado) total.subtotales.sort((a, b) => Number(b.porcentaje) - Number(a.porcentaje));
  return resultado;
}

/**
 * Checks the lines and derives every total from them, in integer centavos. Throws an Error naming the line when a
 * line cannot be written as DIAN expects (discount above the gross value, a tax twice, a malformed quantity…).
 */
export function totalesDocumento(lineas: LineaDocumento[]): TotalesDocumento {
  if (lineas.length === 0) throw new Error('El documento no tiene líneas');
  const calculadas = lineas.map((linea, indice): LineaCalculada => {
    const que = `Línea ${indice + 1}`;
    if (!CANTIDAD.test(linea.cantidad) || Number(linea.cantidad) <= 0) {
      throw new Error(`${que}: la cantidad '${linea.cantidad}' no es un decimal positivo`);
    }
    if (!Object.hasOwn(UNIDADES, linea.unidad)) throw new Error(`${que}: la unidad '${linea.unidad}' no está en la lista UnidadesMedida de la DIAN`);
    if (!linea.codigo.trim() || !linea.descripcion.trim()) throw new Error(`${que}: faltan el código o la descripción`);
    centavos(linea.precioUnitarioCentavos, `${que}, precio unitario`);
    const bruto = centavos(linea.brutoCentavos, `${que}, valor bruto`);
    const descuento = centavos(linea.descuentoCentavos, `${que}, descuento`);
    if (descuento > bruto) throw new Error(`${que}: el descuento (${descuento}) es mayor que el valor bruto (${bruto})`);
    if (!PORCENTAJE.test(linea.porcentajeDescuento)) {
      throw new Error(`${que}: el porcentaje de descuento '${linea.porcentajeDescuento}' debe tener dos decimales`);
    }
    const codigos = new Set<string>();
    for (const impuesto of linea.impuestos) {
      if (codigos.has(impuesto.codigo)) throw new Error(`${que}: el impuesto ${impuesto.codigo} aparece dos veces`);
      codigos.add(impuesto.codigo);
      if (!Object.hasOwn(IMPUESTOS, impuesto.codigo)) throw new Error(`${que}: el impuesto '${impuesto.codigo}' no está en la lista TipoImpuesto de la DIAN`);
      if (!PORCENTAJE.test(impuesto.porcentaje)) {
        throw new Error(`${que}: el porcentaje '${impuesto.porcentaje}' del impuesto ${impuesto.codigo} debe tener dos decimales`);
      }
      centavos(impuesto.baseCentavos, `${que}, base del impuesto ${impuesto.codigo}`);
      centavos(impuesto.valorCentavos, `${que}, valor del impuesto ${impuesto.codigo}`);
    }
    return { linea, netoCentavos: bruto - descuento, impuestos: agrupar(linea.impuestos) };
  });
  const impuestos = agrupar(lineas.flatMap((linea) => linea.impuestos));
  const brutoCentavos = sumar(calculadas.map((linea) => linea.netoCentavos));
  // A line taxed by two schemes (IVA and INC on the same base) contributes its base once.
  const baseGravableCentavos = sumar(
    calculadas.map((linea) => Math.max(0, ...linea.linea.impuestos.map((impuesto) => impuesto.baseCentavos))),
  );
  const impuestosCentavos = sumar(impuestos.map((impuesto) => impuesto.valorCentavos));
  const totalConImpuestosCentavos = sumar([brutoCentavos, impuestosCentavos]);
  return {
    lineas: calculadas,
    impuestos,
    brutoCentavos,
    baseGravableCentavos,
    impuestosCentavos,
    totalConImpuestosCentavos,
    totalPagarCentavos: totalConImpuestosCentavos,
  };
}
