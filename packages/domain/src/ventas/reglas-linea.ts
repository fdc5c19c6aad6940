import type { Impuesto } from '../impuestos/impuestos.schema';
import type { Rol } from '../roles';

/**
 * The order line's rules the form and POST facturas/guardar share (docs/decisions.md "Pedidos"): who may set a unit
 * price other than the store's, the board count a cut plan fixes, and which order-level tax a line does not carry yet.
 */

/** spec 000 §2.12 edits the unit price in place; only the role that passes every check sets one (the rest sell at the store's). */
export const ROLES_CAMBIAN_PRECIO_PEDIDO: readonly Rol[] = ['SuperAdministrador'];

export function puedeCambiarPrecioPedido(rol: Rol | null | undefined): boolean {
  return rol !== null && rol !== undefined && ROLES_CAMBIAN_PRECIO_PEDIDO.includes(rol);
}

/**
 * The board count of a line's cut plan (response_lepton's optimizacion.planilla.cant_placas, spec 001 §3 planilla);
 * null for a plan that does not carry one (the spec's shape: url_planos and pieces only), which fixes no quantity.
 */
export function placasDelPlan(lepton: unknown): number | null {
  if (typeof lepton !== 'object' || lepton === null) return null;
  const optimizacion = (lepton as { optimizacion?: unknown }).optimizacion;
  if (typeof optimizacion !== 'object' || optimizacion === null) return null;
  const planilla = (optimizacion as { planilla?: unknown }).planilla;
  if (typeof planilla !== 'object' || planilla === null) return null;
  const placas = (planilla as { cant_placas?: unknown }).cant_placas;
  return typeof placas === 'number' && Number.isInteger(placas) && placas > 0 ? placas : null;
}

/**
 * Whether an order-level tax ('Otros impuestos', spec 000 §2.12) may go on an order whose lines carry these taxes: not
 * one of them, nor one of the same class (an IVA on lines that already pay IVA would charge it twice).
 */
export function impuestoAdicionalPermitido(
  adicional: Pick<Impuesto, 'id' | 'clase_impuesto'>,
  impuestosDeLineas: readonly Pick<Impuesto, 'id' | 'clase_impuesto'>[],
): boolean {
  return !impuestosDeLineas.some((impuesto) => impuesto.id === adicional.id || impuesto.clase_impuesto === adicional.clase_impuesto);
}
