/**
 * Withholdings a customer practises on our sales (retenciones que nos practican; docs/decisions-retenciones.md): the
 * concepts of retención en la fuente a shop selling boards meets, reteIVA and reteICA, and the one pure rule that
 * proposes them at billing and checks them on the server. Amounts in integer centavos; rates as percentages with up
 * to 4 decimals (2.5, 1.104 = 11.04 ‰), like the supplier payments' pj_retefuente (pagos-proveedores/cifras.ts).
 */

/** The three kinds, with DIAN's TipoImpuesto code each one carries in cac:WithholdingTaxTotal (TipoImpuesto-2.1.gc). */
export const TIPOS_RETENCION = ['RETEFUENTE', 'RETEIVA', 'RETEICA'] as const;
export type TipoRetencion = (typeof TIPOS_RETENCION)[number];
export const CODIGO_DIAN_RETENCION: Record<TipoRetencion, '06' | '05' | '07'> = { RETEFUENTE: '06', RETEIVA: '05', RETEICA: '07' };
export const NOMBRES_TIPO_RETENCION: Record<TipoRetencion, string> = {
  RETEFUENTE: 'Retención en la fuente',
  RETEIVA: 'ReteIVA',
  RETEICA: 'ReteICA',
};

/**
 * Concepts of retención en la fuente (renta) on what the shop sells: rate and minimum base in UVT, DUR 1625 de 2016
 * as modified by Decreto 0572 de 2025 (from 1 June 2025: compras 10 UVT, servicios 2 UVT; before, 27 and 4). The
 * rates are DIAN's TarifaImpuestoReteFuente-2.1.gc rows of the same names. The UVT of the year is a parameter
 * (UVT_2026, migration 202612040200), so the thresholds follow the year without a code change.
 */
export const CONCEPTOS_RETEFUENTE = {
  COMPRAS: { nombre: 'Compras generales (declarantes)', tarifa: 2.5, baseUvt: 10 },
  COMPRAS_NO_DECLARANTES: { nombre: 'Compras generales (no declarantes)', tarifa: 3.5, baseUvt: 10 },
  SERVICIOS: { nombre: 'Servicios generales (declarantes)', tarifa: 4, baseUvt: 2 },
  SERVICIOS_NO_DECLARANTES: { nombre: 'Servicios generales (no declarantes)', tarifa: 6, baseUvt: 2 },
  TARJETA: { nombre: 'Compras con tarjeta débito o crédito', tarifa: 1.5, baseUvt: 0 },
} as const;
export type ConceptoRetefuente = keyof typeof CONCEPTOS_RETEFUENTE;
export const CODIGOS_CONCEPTO_RETEFUENTE = Object.keys(CONCEPTOS_RETEFUENTE) as [ConceptoRetefuente, ...ConceptoRetefuente[]];

/** ReteIVA: 15 % of the IVA (Estatuto Tributario art. 437-1; TarifaImpuestoReteIVA-2.1.gc has the one row 15.00). */
export const TARIFA_RETEIVA = 15;

/** A customer's settings as a withholding agent. */
export interface ConfiguracionRetencion {
  agente_retencion: boolean;
  /** The concept of its retención en la fuente; null when it practises none. */
  concepto_retefuente: ConceptoRetefuente | null;
  aplica_reteiva: boolean;
  /** ReteICA rate in per mil (Bogotá's commerce 11.04, industry 4.14…), by the customer's city; null or 0: none. */
  tarifa_reteica_por_mil: number | null;
}

/** One withholding, proposed or recorded. */
export interface Retencion {
  tipo: TipoRetencion;
  concepto: ConceptoRetefuente | null;
  baseCentavos: number;
  /** Percentage, up to 4 decimals. */
  tarifa: number;
  valorCentavos: number;
}

const ESCALA = 10_000;
/** base × tarifa % in centavos, half up, in integers (base × 10^6 stays within 2^53 for every amount the app admits). */
export function aplicarTarifa(baseCentavos: number, tarifa: number): number {
  const puntos = Math.round(tarifa * ESCALA);
  const numerador = BigInt(baseCentavos) * BigInt(puntos);
  const denominador = BigInt(100 * ESCALA);
  return Number((2n * numerador + denominador) / (2n * denominador));
}

/** A per-mil rate as the percentage the rows store (11.04 ‰ → 1.104 %). */
export const porMilAPorcentaje = (porMil: number) => Math.round(porMil * ESCALA) / (10 * ESCALA);

/** The minimum base of the customer's concept this year, in centavos (the purchases' one when it names no concept). */
export function baseMinimaCentavos(config: ConfiguracionRetencion, uvtCentavos: number): number {
  return CONCEPTOS_RETEFUENTE[config.concepto_retefuente ?? 'COMPRAS'].baseUvt * uvtCentavos;
}

/**
 * What the bill dialog proposes for a sale (and the server checks against): nothing for a customer that is no agent,
 * nor below the concept's minimum base in UVT (the same threshold for reteIVA and reteICA, DUR 1625 art. 1.3.2.1.11
 * and the municipal statutes that follow the national bases; docs/decisions-retenciones.md). Otherwise retención en la
 * fuente on the base before IVA, reteIVA on the IVA, reteICA on the base. Each rounded to the centavo half up; a
 * withholding that rounds to 0 is left out.
 */
export function proponerRetenciones(venta: { baseCentavos: number; ivaCentavos: number }, config: ConfiguracionRetencion, uvtCentavos: number): Retencion[] {
  if (!config.agente_retencion || venta.baseCentavos <= 0) return [];
  if (venta.baseCentavos < baseMinimaCentavos(config, uvtCentavos)) return [];
  const propuestas: Retencion[] = [];
  if (config.concepto_retefuente) {
    const { tarifa } = CONCEPTOS_RETEFUENTE[config.concepto_retefuente];
    propuestas.push({ tipo: 'RETEFUENTE', concepto: config.concepto_retefuente, baseCentavos: venta.baseCentavos, tarifa, valorCentavos: aplicarTarifa(venta.baseCentavos, tarifa) });
  }
  if (config.aplica_reteiva && venta.ivaCentavos > 0) {
    propuestas.push({ tipo: 'RETEIVA', concepto: null, baseCentavos: venta.ivaCentavos, tarifa: TARIFA_RETEIVA, valorCentavos: aplicarTarifa(venta.ivaCentavos, TARIFA_RETEIVA) });
  }
  if (config.tarifa_reteica_por_mil && config.tarifa_reteica_por_mil > 0) {
    const tarifa = porMilAPorcentaje(config.tarifa_reteica_por_mil);
    propuestas.push({ tipo: 'RETEICA', concepto: null, baseCentavos: venta.baseCentavos, tarifa, valorCentavos: aplicarTarifa(venta.baseCentavos, tarifa) });
  }
  return propuestas.filter((r) => r.valorCentavos > 0);
}

export const MENSAJES_RETENCIONES = {
  tipo: 'Debe seleccionar el tipo de retención',
  tipoRepetido: 'Cada tipo de retención se registra una sola vez por documento',
  concepto: 'Debe seleccionar un concepto de retención válido',
  base: 'Debe ingresar la base de la retención',
  tarifa: 'Debe ingresar una tarifa entre 0 y 100',
  valor: 'Debe ingresar el valor de la retención',
  valorSuperaBase: 'El valor retenido no puede superar la base',
  baseSuperaVenta: (maximo: string) => `La base no puede superar ${maximo}`,
  sumaSuperaTotal: (total: string) => `Las retenciones deben sumar menos que el total de ${total}`,
  sumaSuperaSaldo: (saldo: string) => `Las retenciones y el abono no pueden superar el saldo pendiente de ${saldo}`,
  noAgente: 'El cliente no está marcado como agente de retención',
  reteica: 'Debe ingresar una tarifa de ReteICA entre 0 y 100 por mil',
  creditoMenor: 'El valor a crédito debe cubrir las retenciones',
  maximo: 'Un documento admite hasta 3 retenciones',
} as const;

/** Why a set of withholdings cannot be recorded (the first failure, with its field), or null. */
export function revisarRetenciones(
  retenciones: readonly Retencion[],
  limites: { baseCentavos: number; ivaCentavos: number; totalCentavos: number },
  formatear: (centavos: number) => string,
): { campo: string; mensaje: string } | null {
  const vistos = new Set<TipoRetencion>();
  let suma = 0;
  for (const [n, r] of retenciones.entries()) {
    if (vistos.has(r.tipo)) return { campo: `retenciones.${n}.tipo`, mensaje: MENSAJES_RETENCIONES.tipoRepetido };
    vistos.add(r.tipo);
    if (r.tipo === 'RETEFUENTE' && !r.concepto) return { campo: `retenciones.${n}.concepto`, mensaje: MENSAJES_RETENCIONES.concepto };
    const maximo = r.tipo === 'RETEIVA' ? limites.ivaCentavos : limites.baseCentavos;
    if (r.baseCentavos > maximo) return { campo: `retenciones.${n}.base`, mensaje: MENSAJES_RETENCIONES.baseSuperaVenta(formatear(maximo)) };
    if (r.valorCentavos > r.baseCentavos) return { campo: `retenciones.${n}.valor`, mensaje: MENSAJES_RETENCIONES.valorSuperaBase };
    suma += r.valorCentavos;
  }
  if (retenciones.length > 0 && suma >= limites.totalCentavos) return { campo: 'retenciones', mensaje: MENSAJES_RETENCIONES.sumaSuperaTotal(formatear(limites.totalCentavos)) };
  return null;
}

export const sumaRetenciones = (retenciones: readonly { valorCentavos: number }[]) => retenciones.reduce((s, r) => s + r.valorCentavos, 0);
