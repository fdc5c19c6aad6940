import fc from 'fast-check';
import { faltaDeFila, formaPermitida, formatearPesos, hoyNegocio, MAXIMO_FORMAS_PAGO_PROVEEDOR, MENSAJES_PAGO_PROVEEDOR, revisarFilas, type FallaFilas, type FormaDeFila } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import { crearProveedor, crearTienda, crearTipoConcepto, crearUsuariosPorRol, headers, type TiendaPrueba, type UsuarioConSesion } from '../../../test/factories';
import { compararConLaRegla, siEn, type FallaEnCampo } from '../../../test/filas-pago';

/**
 * The supplier payment form and the server decide the payment rows with one rule (packages/domain
 * formas-pago/filas-pago.ts, docs/architecture.md §3 "Payment rows"): for rows drawn at random (methods with and
 * without a voucher, the customers' credit and advance that a supplier is not paid with, amounts that add up to the
 * total to pay or not, a zero, a missing voucher, none or more than 5 methods), the server refuses exactly what the
 * rule refuses, with the rule's failure in spec 002 §5's words on its field, and records the rest.
 */

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let proveedor: { id: number };
let concepto: { id: number };
const hoy = hoyNegocio();

/** The methods of the migration (202611231700_create_forma_pago): the five that move money, credit and the advance. */
const FORMAS: readonly (FormaDeFila & { nombre: string })[] = [
  { id: 1, nombre: 'Efectivo', requiere_codigo_comprobante: false, forma_abono: false, forma_credito: false },
  { id: 2, nombre: 'Tarjeta débito', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 4, nombre: 'Transferencia bancaria', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 5, nombre: 'Consignación', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 7, nombre: 'Nequi / Daviplata', requiere_codigo_comprobante: true, forma_abono: false, forma_credito: false },
  { id: 6, nombre: 'Crédito', requiere_codigo_comprobante: false, forma_abono: false, forma_credito: true },
  { id: 8, nombre: 'Anticipo', requiere_codigo_comprobante: false, forma_abono: true, forma_credito: false },
];
/** The invoice's total; without IVA and retention it is also the total to pay. */
const TOTAL = 1_190_000.5;
const CENTAVOS = Math.round(TOTAL * 100);

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ({ superAdmin } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  proveedor = await crearProveedor(entorno.db);
  concepto = await crearTipoConcepto(entorno.db, 'Compra de tableros');
});

/** spec 002 §5 Supplier payment: the rule's failure in the form's words, on the field of POST pagos-proveedores/guardar. */
function fallaPagoProveedor(falla: FallaFilas): FallaEnCampo {
  const fila = (campo: string) => ('indice' in falla ? `lista_formas_pagadas_form.${falla.indice}.${campo}` : 'lista_formas_pagadas_form');
  switch (falla.falla) {
    case 'forma':
      return { mensaje: MENSAJES_PAGO_PROVEEDOR.formaNoPermitida, campo: fila('id_forma_pago') };
    case 'formaRepetida':
      return { mensaje: MENSAJES_PAGO_PROVEEDOR.formaRepetida, campo: fila('id_forma_pago') };
    case 'valor':
      return { mensaje: MENSAJES_PAGO_PROVEEDOR.valoresVacios, campo: fila('valor_pagado') };
    case 'comprobante':
      return { mensaje: MENSAJES_PAGO_PROVEEDOR.valoresVacios, campo: fila('comprobante_id') };
    case 'sinFilas':
      return { mensaje: MENSAJES_PAGO_PROVEEDOR.alMenosUnaForma, campo: 'lista_formas_pagadas_form' };
    case 'maximoFilas':
      return { mensaje: MENSAJES_PAGO_PROVEEDOR.maximoFormas, campo: 'lista_formas_pagadas_form' };
    case 'suma':
      return { mensaje: MENSAJES_PAGO_PROVEEDOR.sumatoria(formatearPesos(falla.total)), campo: 'lista_formas_pagadas_form' };
    default:
      throw new Error(`a supplier payment's draw cannot fail with ${falla.falla}`);
  }
}

/**
 * Whether the rows carry faults the server meets in another order than the rule: its request schema checks the
 * count, the amounts, the vouchers and the sum before the service checks each method, and says the count before a
 * row's fault; the rule goes row by row (method, amount, voucher), then the count, then the sum.
 */
function enOtroOrden(filas: readonly { forma: FormaDeFila; valor: number; comprobante: string | null }[]): boolean {
  // What the service checks row by row: a method a supplier is not paid with, or one already in an earlier row.
  const formaNoPermitida = filas.some((f, i) => !formaPermitida('pagoProveedor', f.forma) || filas.findIndex((o) => o.forma.id === f.forma.id) !== i);
  const filaIncompleta = filas.some((f) => faltaDeFila('pagoProveedor', f) !== null);
  const suma = Math.round(filas.reduce((total, f) => total + f.valor * 100, 0)) !== CENTAVOS;
  const demasiadas = filas.length > MAXIMO_FORMAS_PAGO_PROVEEDOR;
  return (formaNoPermitida && (filaIncompleta || suma)) || (demasiadas && (formaNoPermitida || filaIncompleta || suma));
}

/** A row's amount: mostly its part of the total, now and then a zero or an extra thousand pesos. */
const desvio = fc.oneof({ arbitrary: fc.constant('exacto' as const), weight: 8 }, { arbitrary: fc.constant('cero' as const), weight: 1 }, { arbitrary: fc.constant('extra' as const), weight: 1 });

/**
 * Methods, 0 to 6 of them, mostly of the five that move money and distinct (the picker offers each once; now and then
 * the last repeats the first, as a client other than the form may send), amounts that mostly add up to the total,
 * and now and then a missing voucher.
 */
const casos = fc
  .integer({ min: 0, max: 10 })
  .map((n) => (n === 0 ? 0 : n > MAXIMO_FORMAS_PAGO_PROVEEDOR ? 1 + (n % 3) : n))
  .chain((n) =>
    fc.record({
      formas: fc.oneof({ arbitrary: fc.shuffledSubarray(FORMAS.slice(0, 5) as (typeof FORMAS)[number][], { minLength: Math.min(n, 5), maxLength: Math.min(n, 5) }), weight: 4 }, { arbitrary: fc.shuffledSubarray([...FORMAS], { minLength: n, maxLength: n }), weight: 1 }),
      mas: siEn(5),
      repite: siEn(12),
      cortes: fc.array(fc.nat(CENTAVOS - 1), { minLength: 6, maxLength: 6 }),
      desvios: fc.array(desvio, { minLength: 7, maxLength: 7 }),
      comprobantes: fc.array(fc.option(fc.nat(999), { freq: 5 }), { minLength: 7, maxLength: 7 }),
    }),
  )
  .map(({ formas: elegidas, mas, repite, cortes, desvios, comprobantes }) => {
    // Now and then six methods: one above the most a payment takes.
    const formas = mas ? FORMAS.slice(0, MAXIMO_FORMAS_PAGO_PROVEEDOR).concat(FORMAS[5]!) : [...elegidas];
    if (repite && formas.length >= 2) formas[formas.length - 1] = formas[0]!;
    const ordenados = cortes.slice(0, Math.max(0, formas.length - 1)).sort((a, b) => a - b);
    const partes = [...ordenados, CENTAVOS].map((corte, i) => corte - (i === 0 ? 0 : ordenados[i - 1]!));
    return formas.map((forma, i) => ({
      forma,
      valor: (desvios[i] === 'cero' ? 0 : desvios[i] === 'extra' ? partes[i]! + 100_000 : partes[i]!) / 100,
      comprobante: forma.requiere_codigo_comprobante && comprobantes[i] !== null ? `TRX-${comprobantes[i]}` : null,
    }));
  });

describe('the supplier payment and the payment rows rule', () => {
  it('refuses exactly what the rule refuses, with its message on its field, and records the rest', async () => {
    const { aceptados, rechazados } = await compararConLaRegla({
      casos,
      semilla: 20261128,
      cuantos: 40,
      enviar: (filas) =>
        entorno.app.inject({
          method: 'POST',
          url: '/api/pagos-proveedores/guardar',
          headers: headers(superAdmin.token, tienda.codigo_tienda),
          payload: {
            tipo_concepto_id: concepto.id,
            proveedor_id: proveedor.id,
            codigo_factura: 'FE-1001',
            fecha_factura: hoy,
            fecha_pago: hoy,
            valor_total: TOTAL,
            pj_iva: 0,
            pj_retefuente: 0,
            observaciones: 'Pago de prueba',
            gestion_factura: false,
            lista_formas_pagadas_form: filas.map((f) => ({
              id_forma_pago: f.forma.id,
              nombre_forma_pago: f.forma.nombre,
              comprobante_id: f.comprobante,
              requiere_codigo_comprobante: f.forma.requiere_codigo_comprobante,
              valor_pagado: f.valor,
            })),
            pago_realizado: true,
          },
        }),
      regla: (filas) => {
        const falla = revisarFilas('pagoProveedor', filas, { total: TOTAL });
        return falla ? { ...fallaPagoProveedor(falla), enOtroOrden: enOtroOrden(filas) } : null;
      },
      describir: (filas) => filas.map((f) => [f.forma.id, f.valor, f.comprobante]),
    });
    // The draws cover both sides of the rule.
    expect(aceptados).toBeGreaterThan(3);
    expect(rechazados).toBeGreaterThan(10);
  });
});
