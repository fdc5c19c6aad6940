import { aCentavos, dePesos } from '../dinero';

/** The derived figures of a supplier payment (spec 002 §3 Supplier payment "Derived"), in pesos with 2 decimals. */
export interface CifrasPagoProveedor {
  valor_antes_iva: number;
  valor_iva: number;
  valor_rte: number;
  valor_total_pagar: number;
}

/** Decimals a percentage (pj_iva, pj_retefuente) is read with: 19, 2.5, 0.966 and 11.0001 all stay exact. */
export const DECIMALES_PORCENTAJE_PAGO_PROVEEDOR = 4;
const ESCALA_PORCENTAJE = 10n ** BigInt(DECIMALES_PORCENTAJE_PAGO_PROVEEDOR);
const CIEN = 100n * ESCALA_PORCENTAJE;

/** A percentage as an integer of 1/10^4 points (19 → 190000, 2.5 → 25000); the float error of 0.1 × 10^4 rounds away. */
function aPuntos(porcentaje: number): bigint {
  return BigInt(Math.round(porcentaje * 10 ** DECIMALES_PORCENTAJE_PAGO_PROVEEDOR));
}

/** numerador / denominador rounded half up (both non-negative, denominador > 0). */
function dividirRedondeando(numerador: bigint, denominador: bigint): bigint {
  return (2n * numerador + denominador) / (2n * denominador);
}

/**
 * Spec 002 §9 (the first reading is the rule, for both screens and the server):
 *   value before IVA = total / (1 + IVA/100); IVA = total − value before IVA;
 *   retention = value before IVA × retention/100; total to pay = total − retention;
 * each rounded to the centavo (half up) in that order, so the retention is taken from the rounded value before IVA
 * and IVA + before IVA = total exactly. Arithmetic in integer centavos and BigInt: total × 10^6 outgrows 2^53.
 * Negative inputs are read as 0 (the schemas refuse them before this runs).
 */
export function calcularCifrasPagoProveedor(valor_total: number, pj_iva: number, pj_retefuente: number): CifrasPagoProveedor {
  const total = BigInt(Math.max(0, aCentavos(Number.isFinite(valor_total) ? valor_total : 0)));
  const iva = Number.isFinite(pj_iva) && pj_iva > 0 ? aPuntos(pj_iva) : 0n;
  const retencion = Number.isFinite(pj_retefuente) && pj_retefuente > 0 ? aPuntos(pj_retefuente) : 0n;
  const antesIva = dividirRedondeando(total * CIEN, CIEN + iva);
  const valorIva = total - antesIva;
  const valorRte = dividirRedondeando(antesIva * retencion, CIEN);
  const totalPagar = total - valorRte;
  return {
    valor_antes_iva: dePesos(Number(antesIva)),
    valor_iva: dePesos(Number(valorIva)),
    valor_rte: dePesos(Number(valorRte)),
    valor_total_pagar: dePesos(Number(totalPagar)),
  };
}
