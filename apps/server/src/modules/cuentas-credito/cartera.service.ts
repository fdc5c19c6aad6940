/**
 * A credit's statements and aging (spec 002 §2.1–§2.3; docs/decisions-creditos.md): the credits list, the sales still
 * owed on, the movements' history and the aging by days. Reads only; the ledger is written by libro-credito.service.ts.
 */
import {
  aCentavos,
  dePesos,
  TIPOS_MOVIMIENTO_CREDITO,
  type BucketsCartera,
  type Cartera,
  type CarteraCliente,
  type CarteraConsulta,
  type CreditosConsulta,
  type CreditosRespuesta,
  type MovimientoCredito,
  type MovimientosCreditoConsulta,
  type Pagina,
  type VentaPendienteCredito,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import { ENLACE_ESTADO_CUENTA, ENLACE_RECIBO_CREDITO } from './creditos-enlaces';
import * as cartera from './cartera.repository';
import * as libro from './libro-credito.repository';
import { MENSAJE_CREDITO_NO_ENCONTRADO } from './libro-credito.service';

const T = TIPOS_MOVIMIENTO_CREDITO;

async function creditoExistente(db: Db, id: number) {
  const credito = await cartera.findCredito(db, id);
  if (!credito) throw new AppError('NO_ENCONTRADO', MENSAJE_CREDITO_NO_ENCONTRADO);
  return credito;
}

// ---------------------------------------------------------------------------------------------------- reads

/** GET /creditos (spec 002 §2.1): a page of credits by customer name, and what every matching account owes. */
export async function listarCreditos(db: Db, secreto: string, consulta: CreditosConsulta): Promise<CreditosRespuesta> {
  const { filas, total, totalCreditoPendiente } = await cartera.listCreditos(db, { clienteId: consulta.cliente_id, page: consulta.page, perPage: consulta.per_page });
  const ahora = new Date();
  const data = filas.map((fila) => ({
    ...fila,
    total_credito: Number(fila.total_credito),
    total_pendientes_abono: Number(fila.total_pendientes_abono ?? 0),
    enlace_estado_cuenta: ENLACE_ESTADO_CUENTA.url(secreto, fila.id, ahora),
  }));
  return { creditos: paginar(data, total, consulta.page, consulta.per_page), total_credito_pendiente: Number(totalCreditoPendiente) };
}

/** GET /creditos/{id}/ventas-pendientes (spec 002 §2.3 sale selector): the sales still owed on, oldest first. */
export async function listarVentasPendientes(db: Db, secreto: string, cuentaId: number): Promise<VentaPendienteCredito[]> {
  await creditoExistente(db, cuentaId);
  const ahora = new Date();
  return (await libro.listVentasPendientes(db, cuentaId)).map((fila) => ({
    id: fila.id,
    venta_id: fila.venta_id,
    fecha_movimiento: fila.fecha_movimiento,
    valor_movimiento: Number(fila.valor_movimiento),
    valor_saldo_movimiento: Number(fila.saldo),
    enlace_recibo: ENLACE_RECIBO_CREDITO.url(secreto, fila.venta_id, ahora),
  }));
}

/** GET /creditos/{id}/movimientos (spec 002 §2.2): a page of the credit's movements, newest first. */
export async function listarMovimientos(db: Db, secreto: string, cuentaId: number, consulta: MovimientosCreditoConsulta): Promise<Pagina<MovimientoCredito>> {
  await creditoExistente(db, cuentaId);
  const { filas, total } = await cartera.listMovimientos(db, cuentaId, {
    tipo: consulta.tipo_movimiento_credito_id,
    ventaId: consulta.venta_id,
    page: consulta.page,
    perPage: consulta.per_page,
  });
  const pagos = filas.filter((f) => f.tipo_movimiento_credito_id === T.PAGO).map((f) => f.id);
  const formas = await libro.listFormasPago(db, pagos);
  const ahora = new Date();
  const data = filas.map((fila): MovimientoCredito => {
    const conRecibo = fila.venta_id !== null && (fila.tipo_movimiento_credito_id === T.VENTA || fila.tipo_movimiento_credito_id === T.PAGO);
    return {
      id: fila.id,
      venta_id: fila.venta_id,
      tipo_movimiento_credito_id: fila.tipo_movimiento_credito_id,
      nombre_tipo_movimiento_credito: fila.nombre_tipo_movimiento_credito,
      descripcion_movimiento: fila.descripcion_movimiento,
      valor_movimiento: Number(fila.valor_movimiento),
      valor_pagado: fila.valor_pagado === null ? null : Number(fila.valor_pagado),
      valor_saldo_movimiento: fila.valor_saldo_movimiento === null ? null : Number(fila.valor_saldo_movimiento),
      fecha_movimiento: fila.fecha_movimiento,
      fecha_inserta: fila.fecha_inserta.toISOString(),
      observacion: fila.observacion,
      nombre_usuario: fila.nombre_usuario ?? null,
      anulado: fila.tipo_movimiento_credito_id === T.PAGO && Boolean(fila.anulado),
      formas_pago: formas
        .filter((f) => f.cuenta_credito_movimiento_id === fila.id)
        .map((f) => ({
          forma_pago_id: f.forma_pago_id,
          nombre_forma_pago: f.nombre_forma_pago,
          valor_pagado: Number(f.valor_pagado),
          codigo_comprobante: f.codigo_comprobante,
          fecha_consignacion: f.fecha_consignacion,
        })),
      enlace_recibo: conRecibo ? ENLACE_RECIBO_CREDITO.url(secreto, fila.venta_id!, ahora) : null,
    };
  });
  return paginar(data, total, consulta.page, consulta.per_page);
}

// ---------------------------------------------------------------------------------------------------- aging

/** Days from `desde` to `hasta`, both 'YYYY-MM-DD'. */
export function diasEntre(desde: string, hasta: string): number {
  const aUtc = (fecha: string) => {
    const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
    return Date.UTC(a, m - 1, d);
  };
  return Math.round((aUtc(hasta) - aUtc(desde)) / 86_400_000);
}

/**
 * The bucket of a sale whose date (its invoice date or its due date, as the aging is read) is `dias` days before the
 * cut-off: 0 or less is current (invoiced that day, or not yet due).
 */
export function bucketDe(dias: number): Exclude<keyof BucketsCartera, 'total'> {
  if (dias <= 0) return 'corriente';
  if (dias <= 30) return 'dias_1_30';
  if (dias <= 60) return 'dias_31_60';
  if (dias <= 90) return 'dias_61_90';
  return 'mas_90';
}

type Centavos = Record<keyof BucketsCartera, number>;
const vacio = (): Centavos => ({ corriente: 0, dias_1_30: 0, dias_31_60: 0, dias_61_90: 0, mas_90: 0, total: 0 });
const aPesos = (c: Centavos): BucketsCartera => ({
  corriente: dePesos(c.corriente),
  dias_1_30: dePesos(c.dias_1_30),
  dias_31_60: dePesos(c.dias_31_60),
  dias_61_90: dePesos(c.dias_61_90),
  mas_90: dePesos(c.mas_90),
  total: dePesos(c.total),
});

/**
 * GET /creditos/cartera (beyond the spec, docs/decisions-creditos.md 'Cartera por edades'): what each customer owes at the end of the cut-off day (today
 * by default), by days past the invoice date of each pending sale (or past its due date, `base` 'vencimiento':
 * docs/decisions-factura-electronica.md, "Venta a crédito"): current (0 or less), 1–30, 31–60, 61–90, over 90; and the
 * totals. Customers by name; only those owing something.
 */
export async function carteraPorEdades(db: Db, consulta: CarteraConsulta, hoy: string): Promise<Cartera> {
  const fechaCorte = consulta.fecha_corte ?? hoy;
  const base = consulta.base;
  const filas = await cartera.listPendientesCartera(db, { fechaCorte, clienteId: consulta.cliente_id });
  const clientes = new Map<number, { datos: Omit<CarteraCliente, keyof BucketsCartera>; centavos: Centavos }>();
  const totales = vacio();
  for (const fila of filas) {
    let cliente = clientes.get(fila.credito_id);
    if (!cliente) {
      cliente = {
        datos: { cliente_id: fila.cliente_id, credito_id: fila.credito_id, numero_documento: fila.numero_documento, nombres: fila.nombres, apellidos: fila.apellidos },
        centavos: vacio(),
      };
      clientes.set(fila.credito_id, cliente);
    }
    const saldo = aCentavos(fila.saldo);
    const bucket = bucketDe(diasEntre(base === 'vencimiento' ? fila.fecha_vencimiento : fila.fecha_movimiento, fechaCorte));
    cliente.centavos[bucket] += saldo;
    cliente.centavos.total += saldo;
    totales[bucket] += saldo;
    totales.total += saldo;
  }
  return {
    fecha_corte: fechaCorte,
    base,
    clientes: [...clientes.values()].map((c) => ({ ...c.datos, ...aPesos(c.centavos) })),
    totales: aPesos(totales),
  };
}

