/**
 * The public credit documents (spec 002 §7 public/abono/{id}, public/credito/{id}; docs/decisions-creditos.md): the
 * account statement and the sale's receipt, their data read from the ledger and rendered by pdfkit in the documents
 * pool (documents/creditos-documentos.ts), and the aging export (.xlsx).
 */
import {
  aCentavos,
  COLUMNAS_CARTERA,
  dePesos,
  formatearFechaHora,
  formatearNit,
  formatearNumeroDocumento,
  hoyNegocio,
  NOMBRES_BASE_CARTERA,
  nombreArchivoCartera,
  TIPOS_MOVIMIENTO_CREDITO,
  type Cartera,
  type CarteraConsulta,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import type { DatosEstadoCuentaCredito, DatosReciboCredito, MovimientoRecibo } from '../../documents/creditos-documentos';
import { AppError } from '../../lib/app-error';
import * as parametrosService from '../parametros';
import { ENLACE_ESTADO_CUENTA, ENLACE_RECIBO_CREDITO } from './creditos-enlaces';
import * as carteraRepositorio from './cartera.repository';
import { carteraPorEdades, diasEntre } from './cartera.service';
import { SIGNO_MOVIMIENTO } from './libro-credito';
import * as libroRepositorio from './libro-credito.repository';
import { ESTILOS_XLSX, escribirLibroXlsx, hojaXlsx } from '../../lib/libro-xlsx';
import type { ContextoDocumentoPublico } from '../../lib/enlaces';

const T = TIPOS_MOVIMIENTO_CREDITO;

/** The code of a public link that cannot be served: 404 with the link's message (JSON, or an HTML page for a browser). */
export const CODIGO_ENLACE_CREDITO_INVALIDO = 'NO_ENCONTRADO';

const nombreCompleto = (nombres: string, apellidos: string) => `${nombres} ${apellidos}`.trim();

/** DIAN's code of the NIT document type (tipo_documento.codigo_dian). */
const CODIGO_DIAN_NIT = '31';

/** The customer as the credit documents print them: a NIT with its check digit ('900.123.456-8', formatearNit). */
function clienteImpreso(credito: { nombres: string; apellidos: string; nombre_tipo_documento: string | null; codigo_dian: string | null; numero_documento: string }) {
  return {
    nombre: nombreCompleto(credito.nombres, credito.apellidos),
    tipo_documento: credito.nombre_tipo_documento ?? '',
    numero_documento: credito.codigo_dian === CODIGO_DIAN_NIT ? formatearNit(credito.numero_documento) : credito.numero_documento,
  };
}

/**
 * A sale as the customer knows it: its invoice, POS document or remission number ('FE2', formatearNumeroDocumento),
 * or its order number while it has none ('Pedido No. 12'), never the bare internal id.
 */
function documentoImpreso(numeros: Map<number, string | null>, ventaId: number): string {
  return numeroOPedido(numeros.get(ventaId) ?? null, ventaId);
}

const numeroOPedido = (numero: string | null, ventaId: number) => numero ?? `Pedido No. ${ventaId}`;

/**
 * The ledger's stored texts name the sale by its internal id ('Abono a la venta No. 12', 'Venta a crédito No. 12',
 * 'Anulación de la venta 12', libro-credito.service.ts); a printed document names it by the number the customer holds.
 */
function conDocumento(texto: string, ventaId: number, numero: string): string {
  return texto.replace(new RegExp(`\\b(venta(?: a crédito)?) (?:No\\. )?${ventaId}\\b`, 'gi'), `$1 ${numero}`);
}

/** The receipt's data of a credit sale; undefined when the sale was never charged to a credit. */
export async function datosReciboCredito(db: Db, ventaId: number): Promise<DatosReciboCredito | undefined> {
  const [movimientos, venta] = await Promise.all([carteraRepositorio.listMovimientosVenta(db, ventaId), carteraRepositorio.findVentaDocumento(db, ventaId)]);
  const cargo = movimientos.find((m) => m.tipo_movimiento_credito_id === T.VENTA);
  if (!cargo) return undefined;
  const [credito, formas, emisor] = await Promise.all([
    carteraRepositorio.findCredito(db, cargo.cuenta_credito_id),
    libroRepositorio.listFormasPago(db, movimientos.filter((m) => m.tipo_movimiento_credito_id === T.PAGO).map((m) => m.id)),
    parametrosService.leerEmpresa(db, 'Tablero'),
  ]);
  if (!credito) return undefined;
  const anulaciones = new Map(movimientos.filter((m) => m.tipo_movimiento_credito_id === T.ANULACION_PAGO).map((m) => [m.movimiento_origen_id, m.id]));
  const suma = (tipo: number) => movimientos.filter((m) => m.tipo_movimiento_credito_id === tipo).reduce((s, m) => s + aCentavos(m.valor_movimiento), 0);
  const pagado = suma(T.PAGO) - suma(T.ANULACION_PAGO);
  const numeroFactura = venta ? formatearNumeroDocumento(venta) : null;
  const saldo = movimientos.reduce((s, m) => s + SIGNO_MOVIMIENTO[m.tipo_movimiento_credito_id as keyof typeof SIGNO_MOVIMIENTO] * aCentavos(m.valor_movimiento), 0);
  return {
    emisor,
    tienda: venta ? { codigo: venta.codigo_tienda, nombre: venta.nombre_tienda } : null,
    cliente: clienteImpreso(credito),
    numero_factura: numeroFactura,
    documento: numeroOPedido(numeroFactura, ventaId),
    fecha_factura: cargo.fecha_movimiento,
    venta_anulada: venta?.estado_venta_id === 3 || movimientos.some((m) => m.tipo_movimiento_credito_id === T.ANULACION_VENTA),
    valor_credito: Number(cargo.valor_movimiento),
    valor_pagado: dePesos(pagado),
    valor_eliminado: dePesos(suma(T.ELIMINACION_CREDITO)),
    valor_anulado_venta: dePesos(suma(T.ANULACION_VENTA)),
    saldo_pendiente: dePesos(saldo),
    movimientos: movimientos.map(
      (m): MovimientoRecibo => ({
        id: m.id,
        tipo_movimiento_credito_id: m.tipo_movimiento_credito_id,
        tipo: m.nombre_tipo_movimiento_credito,
        fecha: m.fecha_movimiento,
        registrado: formatearFechaHora(m.fecha_inserta),
        descripcion: numeroFactura ? conDocumento(m.descripcion_movimiento, ventaId, numeroFactura) : m.descripcion_movimiento,
        valor: dePesos(SIGNO_MOVIMIENTO[m.tipo_movimiento_credito_id as keyof typeof SIGNO_MOVIMIENTO] * aCentavos(m.valor_movimiento)),
        usuario: m.nombre_usuario ?? null,
        observacion: m.observacion,
        formas_pago: formas
          .filter((f) => f.cuenta_credito_movimiento_id === m.id)
          .map((f) => ({ nombre: f.nombre_forma_pago, valor: Number(f.valor_pagado), codigo_comprobante: f.codigo_comprobante, fecha_consignacion: f.fecha_consignacion })),
        anulado_por: m.tipo_movimiento_credito_id === T.PAGO ? (anulaciones.get(m.id) ?? null) : null,
      }),
    ),
    generado: formatearFechaHora(new Date()),
  };
}

/** The statement's data of a credit; undefined when the account does not exist. */
export async function datosEstadoCuenta(db: Db, cuentaId: number): Promise<DatosEstadoCuentaCredito | undefined> {
  const credito = await carteraRepositorio.findCredito(db, cuentaId);
  if (!credito) return undefined;
  const hoy = hoyNegocio();
  const [movimientos, pendientes, vencimientos, emisor, cartera, documentos] = await Promise.all([
    carteraRepositorio.listMovimientosCuenta(db, cuentaId),
    libroRepositorio.listVentasPendientes(db, cuentaId),
    carteraRepositorio.mapaVencimientos(db, cuentaId),
    parametrosService.leerEmpresa(db, 'Tablero'),
    carteraPorEdades(db, { cliente_id: credito.tercero_id, fecha_corte: hoy, base: 'factura' }, hoy),
    carteraRepositorio.listDocumentosVentas(db, cuentaId),
  ]);
  const numeros = new Map(documentos.map((venta) => [venta.id, formatearNumeroDocumento(venta)]));
  const suma = (tipo: number) => dePesos(movimientos.filter((m) => m.tipo_movimiento_credito_id === tipo).reduce((s, m) => s + aCentavos(m.valor_movimiento), 0));
  const edades = cartera.clientes.find((c) => c.credito_id === cuentaId) ?? cartera.totales;
  const vacias = { corriente: 0, dias_1_30: 0, dias_31_60: 0, dias_61_90: 0, mas_90: 0, total: 0 };
  return {
    emisor,
    cliente: clienteImpreso(credito),
    credito_id: cuentaId,
    cupo: Number(credito.total_cupo_permitido),
    total_credito: Number(credito.total_credito),
    fecha_corte: hoy,
    movimientos: movimientos.map((m) => {
      const sube = SIGNO_MOVIMIENTO[m.tipo_movimiento_credito_id as keyof typeof SIGNO_MOVIMIENTO] === 1;
      return {
        fecha: m.fecha_movimiento,
        tipo: m.nombre_tipo_movimiento_credito,
        // A sale's movement is named by its document in its own column; the stored text names the internal id.
        descripcion: m.venta_id === null ? m.descripcion_movimiento : m.tipo_movimiento_credito_id === T.ELIMINACION_CREDITO ? (m.observacion ?? '') : '',
        documento: m.venta_id === null ? '' : documentoImpreso(numeros, m.venta_id),
        cargo: sube ? Number(m.valor_movimiento) : 0,
        abono: sube ? 0 : Number(m.valor_movimiento),
        saldo: Number(m.saldo_credito),
        usuario: m.nombre_usuario ?? null,
      };
    }),
    pendientes: pendientes.map((p) => ({
      documento: documentoImpreso(numeros, p.venta_id),
      fecha: p.fecha_movimiento,
      vencimiento: vencimientos.get(p.venta_id) ?? null,
      dias: Math.max(0, diasEntre(p.fecha_movimiento, hoy)),
      valor_credito: Number(p.valor_movimiento),
      saldo: Number(p.saldo),
    })),
    totales: {
      cargos: suma(T.VENTA),
      pagos: suma(T.PAGO),
      anulaciones_pago: suma(T.ANULACION_PAGO),
      anulaciones_venta: suma(T.ANULACION_VENTA),
      eliminaciones: suma(T.ELIMINACION_CREDITO),
      // A partial return's movement (docs/decisions-factura-electronica.md, "Devolución parcial"): without it the
      // statement's totals would not add up to the balance.
      devoluciones: suma(T.DEVOLUCION_VENTA),
    },
    edades: cartera.clientes.length > 0 ? edades : vacias,
    generado: formatearFechaHora(new Date()),
  };
}

/** GET public/abono/{token}: the receipt PDF of the sale the link names. 404 when the link is not one or names no credit sale. */
export async function reciboCreditoPdf(contexto: ContextoDocumentoPublico, token: string): Promise<{ pdf: Buffer; archivo: string }> {
  const ventaId = ENLACE_RECIBO_CREDITO.leer(contexto.secreto, token);
  const datos = ventaId === null ? undefined : await datosReciboCredito(contexto.db, ventaId);
  if (!datos) throw new AppError(CODIGO_ENLACE_CREDITO_INVALIDO, ENLACE_RECIBO_CREDITO.mensajeInvalido);
  return { pdf: await contexto.documentos.renderizar('credito-recibo', datos), archivo: `Recibo de abonos ${datos.documento}.pdf` };
}

/** GET public/credito/{token}: the statement PDF of the credit the link names. */
export async function estadoCuentaPdf(contexto: ContextoDocumentoPublico, token: string): Promise<{ pdf: Buffer; archivo: string }> {
  const cuentaId = ENLACE_ESTADO_CUENTA.leer(contexto.secreto, token);
  const datos = cuentaId === null ? undefined : await datosEstadoCuenta(contexto.db, cuentaId);
  if (!datos) throw new AppError(CODIGO_ENLACE_CREDITO_INVALIDO, ENLACE_ESTADO_CUENTA.mensajeInvalido);
  return { pdf: await contexto.documentos.renderizar('credito-estado-cuenta', datos), archivo: `Estado de cuenta credito ${cuentaId}.pdf` };
}

/** GET /creditos/cartera/exportar: the aging view as a real .xlsx, amounts as numbers, one row per customer and the totals. */
export async function exportarCartera(db: Db, consulta: CarteraConsulta, hoy: string): Promise<{ archivo: Buffer; nombre: string; cartera: Cartera }> {
  const cartera = await carteraPorEdades(db, consulta, hoy);
  const dinero = ESTILOS_XLSX.pesos;
  const archivo = await escribirLibroXlsx(null, async (libro) => {
    const hoja = hojaXlsx(libro, 'Cartera por edades', [
      { header: 'Número documento', key: 'numero_documento', width: 18 },
      { header: 'Nombres', key: 'nombres', width: 32 },
      { header: 'Apellidos', key: 'apellidos', width: 24 },
      { header: COLUMNAS_CARTERA.corriente, key: 'corriente', width: 16, style: dinero },
      { header: COLUMNAS_CARTERA.dias_1_30, key: 'dias_1_30', width: 16, style: dinero },
      { header: COLUMNAS_CARTERA.dias_31_60, key: 'dias_31_60', width: 16, style: dinero },
      { header: COLUMNAS_CARTERA.dias_61_90, key: 'dias_61_90', width: 16, style: dinero },
      { header: COLUMNAS_CARTERA.mas_90, key: 'mas_90', width: 16, style: dinero },
      { header: COLUMNAS_CARTERA.total, key: 'total', width: 18, style: dinero },
    ]);
    for (const cliente of cartera.clientes) await hoja.fila(cliente);
    await hoja.fila({ numero_documento: 'Total', ...cartera.totales }, true);
    await hoja.fila({});
    await hoja.fila({ numero_documento: `Fecha de corte: ${cartera.fecha_corte}` });
    await hoja.fila({ numero_documento: `Edades: ${NOMBRES_BASE_CARTERA[cartera.base].toLowerCase()}` });
    hoja.cerrar();
  });
  return { archivo, nombre: nombreArchivoCartera(cartera.fecha_corte), cartera };
}

