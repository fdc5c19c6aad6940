import ExcelJS from 'exceljs';
import {
  ARCHIVOS_CIERRE_MES,
  ERRORES,
  hoyNegocio,
  MENSAJE_CARACTERES_NO_PERMITIDOS,
  MENSAJES_CIERRE_MES,
  nombreMes,
  sumarMeses,
  type ResumenCierreMes,
  type VentasPlataforma,
} from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema, type Actor } from '../../db/transaccion';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
  crearPagoProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuario,
  crearUsuarioConSesion,
  crearUsuariosPorRol,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as cuentasCreditoService from '../cuentas-credito';
import * as facturaElectronicaService from '../factura-electronica';

// The month closing against a generated month (spec 002 §2.8; docs/decisions-reportes-dinero.md): every card and list
// equals a direct sum of the rows this file wrote, computed here in centavos, to the centavo; the exports hold the same
// figures; closing stores and answers the summary, a second close is refused, reopening is recorded. Refusals first.

const entorno = usarEntorno();

let tienda: TiendaPrueba;
let otra: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<(typeof ROLES_NO_SUPER_ADMIN)[number], UsuarioConSesion>;

const hoy = hoyNegocio();
/** The month before the current one (it has ended: it can be closed). */
const mesAnterior = sumarMeses(`${hoy.slice(0, 7)}-01`, -1).slice(0, 7);
const anio = Number(mesAnterior.slice(0, 4));
const mes = Number(mesAnterior.slice(5, 7));
const mesTexto = mesAnterior.slice(5, 7);
const ultimoDia = new Date(Date.UTC(anio, mes, 0)).getUTCDate();
const dia = (n: number) => `${mesAnterior}-${String(n).padStart(2, '0')}`;
/** A Bogotá wall-clock time (UTC−5 all year) as an instant. */
const bogota = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`);

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, codigoTienda: string | null = tienda.codigo_tienda) =>
  entorno.app.inject({
    method,
    url,
    headers: token ? headers(token, codigoTienda ?? undefined) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  otra = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  await entorno.db.insertInto('usuario_tienda').values({ user_id: superAdmin.id, codigo_tienda: otra.codigo_tienda }).execute();
});

// ---------------------------------------------------------------------------------------------------- refusals

describe('refusals of every cierre-mes route', () => {
  const consulta = () => ({ anio, mes: mesTexto, codigo_tienda: tienda.codigo_tienda });
  const rutas: { nombre: string; metodo: 'GET' | 'POST'; url: () => string; cuerpo?: () => unknown }[] = [
    { nombre: 'POST ventas-plataforma', metodo: 'POST', url: () => '/api/cierre-mes/ventas-plataforma', cuerpo: consulta },
    { nombre: 'GET ventas-forma-pago', metodo: 'GET', url: () => `/api/cierre-mes/ventas-forma-pago?anio=${anio}&mes=${mesTexto}&forma_pago_id=1` },
    { nombre: 'GET ventas-mes', metodo: 'GET', url: () => `/api/cierre-mes/ventas-mes?anio=${anio}&mes=${mesTexto}` },
    { nombre: 'POST exportar', metodo: 'POST', url: () => '/api/cierre-mes/exportar', cuerpo: () => ({ ...consulta(), seccion: 'ventas' }) },
    { nombre: 'POST cerrar', metodo: 'POST', url: () => '/api/cierre-mes/cerrar', cuerpo: () => ({ anio, mes: mesTexto }) },
    { nombre: 'POST reabrir', metodo: 'POST', url: () => '/api/cierre-mes/reabrir', cuerpo: () => ({ anio, mes: mesTexto, motivo: 'Corrección' }) },
  ];
  const periodos = () => entorno.db.selectFrom('periodo_cerrado').selectAll().execute();

  it.each(rutas)('$nombre: 401 without a token', async (ruta) => {
    const respuesta = await llamar(ruta.metodo, ruta.url(), null, ruta.cuerpo?.());
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json().message).toBe(ERRORES.NO_AUTENTICADO.mensaje);
  });

  it.each(rutas)('$nombre: 403 for every role but SuperAdministrador, nothing closed', async (ruta) => {
    for (const role of ROLES_NO_SUPER_ADMIN) {
      const respuesta = await llamar(ruta.metodo, ruta.url(), porRol[role].token, ruta.cuerpo?.());
      expect(respuesta.statusCode, role).toBe(403);
      expect(respuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
    }
    expect(await periodos()).toEqual([]);
  });

  it.each(rutas)('$nombre: 403 for a store the user does not belong to', async (ruta) => {
    const respuesta = await llamar(ruta.metodo, ruta.url(), superAdmin.token, ruta.cuerpo?.(), ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
    expect(await periodos()).toEqual([]);
  });

  it.each(rutas)('$nombre: 422 without a selected store', async (ruta) => {
    const respuesta = await llamar(ruta.metodo, ruta.url(), superAdmin.token, ruta.cuerpo?.(), null);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().message).toBe(ERRORES.TIENDA_REQUERIDA.mensaje);
  });

  it.each(['/api/cierre-mes/ventas-plataforma', '/api/cierre-mes/exportar'])(
    '%s: 403 when the body names a store other than the selected one, even one of the user',
    async (url) => {
      const respuesta = await llamar('POST', url, superAdmin.token, { ...consulta(), codigo_tienda: otra.codigo_tienda, seccion: 'ventas' });
      expect(respuesta.statusCode).toBe(403);
      expect(respuesta.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
    },
  );

  const siguiente = sumarMeses(`${hoy.slice(0, 7)}-01`, 1);
  it.each([
    ['a month after the current one', { anio: Number(siguiente.slice(0, 4)), mes: siguiente.slice(5, 7) }, 'mes', MENSAJES_CIERRE_MES.mesFuturo],
    ['month 13', { anio, mes: '13' }, 'mes', MENSAJES_CIERRE_MES.mes],
    ['month 0', { anio, mes: '00' }, 'mes', MENSAJES_CIERRE_MES.mes],
    ['month as text', { anio, mes: 'marzo' }, 'mes', MENSAJES_CIERRE_MES.mes],
    ['a year of 1e308', { anio: 1e308, mes: mesTexto }, 'anio', MENSAJES_CIERRE_MES.anio],
    ['a year of 2^31', { anio: 2 ** 31, mes: mesTexto }, 'anio', MENSAJES_CIERRE_MES.anio],
    ['a year before 2000', { anio: 1999, mes: mesTexto }, 'anio', MENSAJES_CIERRE_MES.anio],
    ['no year', { mes: mesTexto }, 'anio', MENSAJES_CIERRE_MES.anio],
    ['a NUL byte in the store', { anio, mes: mesTexto, codigo_tienda: 'T\u0000' }, 'codigo_tienda', MENSAJE_CARACTERES_NO_PERMITIDOS],
  ])('POST ventas-plataforma: 422 for %s, never 500', async (_caso, cuerpo, campo, mensaje) => {
    const respuesta = await llamar('POST', '/api/cierre-mes/ventas-plataforma', superAdmin.token, { codigo_tienda: tienda.codigo_tienda, ...cuerpo });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors[campo]).toContain(mensaje);
  });

  it('POST exportar: 422 for an unknown section', async () => {
    const respuesta = await llamar('POST', '/api/cierre-mes/exportar', superAdmin.token, { ...consulta(), seccion: 'todo' });
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.seccion).toContain(MENSAJES_CIERRE_MES.seccion);
  });

  it.each([
    ['forma_pago_id=2147483648', 'forma_pago_id'],
    ['forma_pago_id=abc', 'forma_pago_id'],
    ['forma_pago_id=1&page=1e20', 'page'],
    ['forma_pago_id=1&per_page=7', 'per_page'],
  ])('GET ventas-forma-pago: 422 for %s', async (parametros, campo) => {
    const respuesta = await llamar('GET', `/api/cierre-mes/ventas-forma-pago?anio=${anio}&mes=${mesTexto}&${parametros}`, superAdmin.token);
    expect(respuesta.statusCode).toBe(422);
    expect(Object.keys(respuesta.json().errors)).toContain(campo);
  });

  it.each([
    ['orden=codigo_tienda', 'orden'],
    ['direccion=arriba', 'direccion'],
    ['page=0', 'page'],
    ['query=' + 'x'.repeat(201), 'query'],
    ['mes=13', 'mes'],
  ])('GET ventas-mes: 422 for %s', async (parametros, campo) => {
    const respuesta = await llamar('GET', `/api/cierre-mes/ventas-mes?anio=${anio}&mes=${mesTexto}&${parametros}`, superAdmin.token);
    expect(respuesta.statusCode).toBe(422);
    expect(Object.keys(respuesta.json().errors)).toContain(campo);
  });

  it.each([
    ['no reason', {}],
    ['a reason of 2 characters', { motivo: 'ab' }],
    ['a reason of 201 characters', { motivo: 'x'.repeat(201) }],
    ['a NUL byte in the reason', { motivo: 'Error\u0000' }],
  ])('POST reabrir: 422 for %s', async (_caso, cuerpo) => {
    const respuesta = await llamar('POST', '/api/cierre-mes/reabrir', superAdmin.token, { anio, mes: mesTexto, ...cuerpo });
    expect(respuesta.statusCode).toBe(422);
    expect(Object.keys(respuesta.json().errors)).toContain('motivo');
  });

  it('POST cerrar: 409 PERIODO_NO_CERRABLE for the current month and a later one; reabrir: 409 PERIODO_NO_CERRADO for an open month', async () => {
    for (const cuerpo of [{ anio: Number(hoy.slice(0, 4)), mes: hoy.slice(5, 7) }, { anio: Number(siguiente.slice(0, 4)), mes: siguiente.slice(5, 7) }]) {
      const respuesta = await llamar('POST', '/api/cierre-mes/cerrar', superAdmin.token, cuerpo);
      expect(respuesta.statusCode).toBe(409);
      expect(respuesta.json().message).toBe(ERRORES.PERIODO_NO_CERRABLE.mensaje);
    }
    const reabrir = await llamar('POST', '/api/cierre-mes/reabrir', superAdmin.token, { anio, mes: mesTexto, motivo: 'No estaba cerrado' });
    expect(reabrir.statusCode).toBe(409);
    expect(reabrir.json().message).toBe(ERRORES.PERIODO_NO_CERRADO.mensaje);
    expect(await periodos()).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------- the generated month

interface Pago {
  forma: number;
  centavos: number;
  codigo?: string;
}
interface VentaGenerada {
  id: number;
  tienda: string;
  estado: 2 | 3 | 6;
  tipoPago: 1 | 2;
  fecha: Date;
  electronica: 'dian' | 'siigo' | null;
  subtotal: number;
  descuento: number;
  impuestos: number;
  otros: number;
  total: number;
  pagos: Pago[];
  clienteId: number;
}
interface LineaAbono {
  movimientoId: number;
  ventaId: number;
  tienda: string;
  fecha: string;
  forma: number;
  centavos: number;
  anulado: boolean;
}

const NOMBRES_FORMA: Record<number, string> = {
  1: 'Efectivo',
  2: 'Tarjeta débito',
  3: 'Tarjeta crédito',
  4: 'Transferencia bancaria',
  5: 'Consignación',
  6: 'Crédito',
  7: 'Nequi / Daviplata',
  8: 'Anticipo',
};
const ingresa = (forma: number) => forma !== 6 && forma !== 8;
const pesos = (centavos: number) => centavos / 100;
const sumar = (valores: number[]) => valores.reduce((s, v) => s + v, 0);

describe('a generated month: every figure equals the direct sum of its documents', () => {
  const ventas: VentaGenerada[] = [];
  const abonos: LineaAbono[] = [];
  const pagosProveedor: { id: number; tienda: string; fecha: string; centavos: number; eliminado: boolean; formas: Pago[] }[] = [];
  let numero = 0;
  let actorTienda: Actor;
  let rangos: Record<string, number>;
  let vendedorId: number;

  /** A billed (or annulled) sale straight into the tables, its payments adding up to its total. */
  async function venta(datos: Omit<VentaGenerada, 'id' | 'total' | 'clienteId'> & { clienteId?: number }): Promise<VentaGenerada> {
    const total = datos.subtotal + datos.impuestos + datos.otros;
    expect(sumar(datos.pagos.map((p) => p.centavos))).toBe(total);
    const clienteId = datos.clienteId ?? (await crearTercero(entorno.db, { nombres: `Cliente ${numero}`, apellidos: 'Prueba' })).id;
    const { id } = await entorno.db
      .insertInto('venta')
      .values({
        codigo_tienda: datos.tienda,
        cliente_id: clienteId,
        vendedor_id: vendedorId,
        fecha_venta: new Date(datos.fecha.getTime() - 3_600_000),
        estado_venta_id: datos.estado,
        tipo_pago_id: datos.tipoPago,
        total_subtotal_venta: pesos(datos.subtotal),
        total_descuento: pesos(datos.descuento),
        total_impuestos_venta: pesos(datos.impuestos),
        total_otros_impuestos_venta: pesos(datos.otros),
        total_venta: pesos(total),
        tipo_documento: datos.electronica ? 'FACTURA' : 'REMISION',
        rango_numeracion_id: rangos[datos.tienda]!,
        prefijo_factura_dian: 'FE',
        nro_factura_dian: ++numero,
        fecha_factura: datos.fecha,
        facturador_id: vendedorId,
        modo_factura: datos.tipoPago === 2 ? 'CR' : 'C',
        fecha_factura_dian: datos.electronica === 'dian' ? new Date(datos.fecha.getTime() + 60_000) : null,
        factura_code_siigo: datos.electronica === 'siigo' ? `SIIGO-${numero}` : null,
        fecha_anulacion: datos.estado === 3 ? new Date(datos.fecha.getTime() + 120_000) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await entorno.db
      .insertInto('venta_forma_pago')
      .values(datos.pagos.map((p) => ({ venta_id: id, forma_pago_id: p.forma, valor_pagado: pesos(p.centavos), codigo_comprobante_pago: p.codigo ?? null })))
      .execute();
    const generada = { ...datos, id, total, clienteId };
    ventas.push(generada);
    return generada;
  }

  /** A credit sale: its credit part charged to the customer's account on its day, in its store. */
  async function ventaCredito(datos: Omit<VentaGenerada, 'id' | 'total' | 'clienteId' | 'tipoPago'>): Promise<VentaGenerada> {
    const cliente = await crearTercero(entorno.db, { nombres: `Crédito ${numero}`, apellidos: 'Prueba' });
    await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 100_000_000 });
    const v = await venta({ ...datos, tipoPago: 2, clienteId: cliente.id });
    const credito = sumar(v.pagos.filter((p) => p.forma === 6).map((p) => p.centavos));
    await entorno.db.transaction().execute((trx) =>
      cuentasCreditoService.cargarCredito(
        trx,
        { terceroId: cliente.id, ventaId: v.id, valor: pesos(credito), fecha: hoyNegocio(v.fecha) },
        { ...actorTienda, codigoTienda: v.tienda },
      ),
    );
    return v;
  }

  /** A credit payment through the API (its store selected), one line per method. */
  async function abonar(v: VentaGenerada, fecha: string, formas: Pago[], tiendaAbono = v.tienda): Promise<number> {
    const total = sumar(formas.map((f) => f.centavos));
    const respuesta = await llamar(
      'POST',
      '/api/creditos/abonos',
      superAdmin.token,
      {
        venta_id: v.id,
        fecha_abono: fecha,
        observacion_abono: 'Abono de prueba',
        valor_abono: pesos(total),
        lista_formas_pagadas_form: formas.map((f) => ({
          id_forma_pago: f.forma,
          valor_pagado: pesos(f.centavos),
          codigo_comprobante: f.codigo ?? null,
          fecha_consignacion: f.codigo ? fecha : null,
        })),
      },
      tiendaAbono,
    );
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const movimientoId = respuesta.json().data.movimiento_id as number;
    for (const f of formas) abonos.push({ movimientoId, ventaId: v.id, tienda: tiendaAbono, fecha, forma: f.forma, centavos: f.centavos, anulado: false });
    return movimientoId;
  }

  async function anticipo(clienteId: number, fecha: string, centavos: number, forma: number, tiendaAnticipo: string): Promise<number> {
    const respuesta = await llamar(
      'POST',
      '/api/anticipos/guardar',
      superAdmin.token,
      { cliente_id: clienteId, fecha_anticipo: fecha, valor_anticipo: pesos(centavos), observacion_anticipo: 'Anticipo de prueba', forma_pago_id: forma, codigo_comprobante: forma === 1 ? null : `AN-${fecha}` },
      tiendaAnticipo,
    );
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    return respuesta.json().data.id as number;
  }

  async function pagoProveedor(datos: { tienda: string; fecha: string; totalCentavos: number; formas: Pago[]; eliminado?: boolean }) {
    // 19 % IVA and 2.5 % retention: the total to pay is the methods' sum.
    const pago = await crearPagoProveedor(entorno.db, {
      codigo_tienda: datos.tienda,
      fecha_pago: datos.fecha,
      valor_total: pesos(datos.totalCentavos),
      pj_iva: 19,
      pj_retefuente: 2.5,
      eliminado: datos.eliminado ?? false,
      formas: datos.formas.map((f) => ({ forma_pago_id: f.forma, valor_pagado: pesos(f.centavos), codigo_comprobante_pago: f.codigo ?? null })),
    });
    expect(Math.round(pago.valor_total_pagar * 100)).toBe(sumar(datos.formas.map((f) => f.centavos)));
    pagosProveedor.push({ id: pago.id, tienda: datos.tienda, fecha: datos.fecha, centavos: sumar(datos.formas.map((f) => f.centavos)), eliminado: datos.eliminado ?? false, formas: datos.formas });
  }

  let cierre: VentasPlataforma;

  beforeAll(async () => {
    vendedorId = (await crearUsuario(entorno.db, { role: 'Vendedor', tiendas: [tienda.codigo_tienda], name: 'Vendedora Prueba' })).id;
    actorTienda = { ...actorSistema(tienda.codigo_tienda), userId: superAdmin.id, role: 'SuperAdministrador' };
    rangos = {
      [tienda.codigo_tienda]: (await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, numero_hasta: 100_000 })).id,
      [otra.codigo_tienda]: (await crearRangoNumeracion(entorno.db, { codigo_tienda: otra.codigo_tienda, numero_hasta: 100_000 })).id,
    };
    const A = tienda.codigo_tienda;
    const B = otra.codigo_tienda;
    const t = (n: number, hora = '10:00') => bogota(dia(n), hora);

    // Store A: electronic (DIAN and Siigo) and remissions, several methods, state 6, credit sales, an annulled sale,
    // and sales at the edges of the month in Bogotá time.
    await venta({ tienda: A, estado: 2, tipoPago: 1, fecha: t(1, '00:05'), electronica: 'dian', subtotal: 100_000_00, descuento: 5_000_00, impuestos: 19_000_00, otros: 0, pagos: [{ forma: 1, centavos: 119_000_00 }] });
    await venta({ tienda: A, estado: 2, tipoPago: 1, fecha: t(3), electronica: 'siigo', subtotal: 84_033_61, descuento: 0, impuestos: 15_966_39, otros: 0, pagos: [{ forma: 2, centavos: 50_000_00, codigo: 'TD-1' }, { forma: 1, centavos: 50_000_00 }] });
    await venta({ tienda: A, estado: 6, tipoPago: 1, fecha: t(5), electronica: null, subtotal: 33_333_33, descuento: 1_111_11, impuestos: 6_333_33, otros: 1_000_01, pagos: [{ forma: 4, centavos: 40_666_67, codigo: 'TR-1' }] });
    await venta({ tienda: A, estado: 2, tipoPago: 1, fecha: t(8), electronica: null, subtotal: 10_000_00, descuento: 0, impuestos: 0, otros: 0, pagos: [{ forma: 7, centavos: 3_000_00, codigo: 'NQ-1' }, { forma: 3, centavos: 7_000_00, codigo: 'TC-1' }] });
    await venta({ tienda: A, estado: 2, tipoPago: 1, fecha: t(12), electronica: 'dian', subtotal: 250_000_00, descuento: 0, impuestos: 47_500_00, otros: 0, pagos: [{ forma: 5, centavos: 297_500_00, codigo: 'CG-1' }] });
    await venta({ tienda: A, estado: 3, tipoPago: 1, fecha: t(12, '15:00'), electronica: null, subtotal: 70_000_00, descuento: 0, impuestos: 13_300_00, otros: 0, pagos: [{ forma: 1, centavos: 83_300_00 }] });
    await venta({ tienda: A, estado: 2, tipoPago: 1, fecha: bogota(dia(ultimoDia), '23:30'), electronica: null, subtotal: 1_000_00, descuento: 0, impuestos: 190_00, otros: 0, pagos: [{ forma: 1, centavos: 1_190_00 }] });
    // Outside the month by Bogotá time though inside it by UTC (the previous day at 23:50 is 04:50 UTC of day 1) or the reverse.
    const antes = sumarMeses(`${mesAnterior}-01`, 0);
    await venta({ tienda: A, estado: 2, tipoPago: 1, fecha: new Date(bogota(antes, '00:00').getTime() - 10 * 60_000), electronica: null, subtotal: 999_00, descuento: 0, impuestos: 0, otros: 0, pagos: [{ forma: 1, centavos: 999_00 }] });
    await venta({ tienda: A, estado: 2, tipoPago: 1, fecha: new Date(bogota(dia(ultimoDia), '23:59').getTime() + 2 * 60_000), electronica: null, subtotal: 888_00, descuento: 0, impuestos: 0, otros: 0, pagos: [{ forma: 1, centavos: 888_00 }] });
    // Credit sales of store A: whole on credit, and part cash part credit; one paid partly with an advance.
    const credito1 = await ventaCredito({ tienda: A, estado: 2, fecha: t(6), electronica: 'dian', subtotal: 500_000_00, descuento: 0, impuestos: 95_000_00, otros: 0, pagos: [{ forma: 6, centavos: 595_000_00 }] });
    const credito2 = await ventaCredito({ tienda: A, estado: 2, fecha: t(9), electronica: null, subtotal: 200_000_00, descuento: 0, impuestos: 0, otros: 0, pagos: [{ forma: 1, centavos: 50_000_00 }, { forma: 6, centavos: 150_000_00 }] });
    // Store B: must not appear in store A's month (but does in the daily cash of both).
    await venta({ tienda: B, estado: 2, tipoPago: 1, fecha: t(3), electronica: 'dian', subtotal: 777_000_00, descuento: 0, impuestos: 0, otros: 0, pagos: [{ forma: 1, centavos: 777_000_00 }] });
    const creditoB = await ventaCredito({ tienda: B, estado: 2, fecha: t(4), electronica: null, subtotal: 60_000_00, descuento: 0, impuestos: 0, otros: 0, pagos: [{ forma: 6, centavos: 60_000_00 }] });

    // Credit payments: several methods, one annulled, one in store B, one with the advance method (8).
    await abonar(credito1, dia(10), [{ forma: 1, centavos: 100_000_00 }, { forma: 2, centavos: 45_000_50, codigo: 'TD-AB-1' }]);
    const anulado = await abonar(credito1, dia(11), [{ forma: 4, centavos: 20_000_00, codigo: 'TR-AB-1' }]);
    const anular = await llamar('PUT', `/api/creditos/abonos/${anulado}/anular`, superAdmin.token, undefined, A);
    expect(anular.statusCode, anular.body).toBe(200);
    for (const a of abonos.filter((l) => l.movimientoId === anulado)) a.anulado = true;
    await anticipo(credito2.clienteId, dia(9), 30_000_00, 1, A);
    await abonar(credito2, dia(13), [{ forma: 8, centavos: 30_000_00 }, { forma: 7, centavos: 10_000_00, codigo: 'NQ-AB-1' }]);
    await abonar(creditoB, dia(13), [{ forma: 1, centavos: 5_000_00 }]);

    // Supplier payments: two of store A (one paid in two methods), a deleted one, one of store B.
    await pagoProveedor({ tienda: A, fecha: dia(14), totalCentavos: 119_000_00, formas: [{ forma: 1, centavos: 60_000_00 }, { forma: 4, centavos: 56_500_00, codigo: 'TR-PP-1' }] });
    await pagoProveedor({ tienda: A, fecha: dia(20), totalCentavos: 238_000_00, formas: [{ forma: 5, centavos: 233_000_00, codigo: 'CG-PP-1' }] });
    await pagoProveedor({ tienda: A, fecha: dia(20), totalCentavos: 11_900_00, formas: [{ forma: 1, centavos: 11_650_00 }], eliminado: true });
    await pagoProveedor({ tienda: B, fecha: dia(14), totalCentavos: 119_000_00, formas: [{ forma: 1, centavos: 116_500_00 }] });

    const respuesta = await llamar('POST', '/api/cierre-mes/ventas-plataforma', superAdmin.token, { anio, mes: mesTexto, codigo_tienda: A });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    cierre = respuesta.json().data;
  });

  // The expected figures, from the rows written above (centavos).
  const delMes = () =>
    ventas.filter((v) => v.tienda === tienda.codigo_tienda && hoyNegocio(v.fecha).slice(0, 7) === mesAnterior);
  // Billed in the month, annulled later or not: the billing month keeps them (docs/decisions-reportes-dinero.md "Devoluciones").
  const facturadas = () => delMes();
  const enPesos = (centavos: number) => pesos(centavos);

  it('answers the cards: DIAN (accepted, directly or through Siigo), remission, total, and the fiscal IVA, before taxes', () => {
    const electronicas = facturadas().filter((v) => v.electronica !== null);
    const remisiones = facturadas().filter((v) => v.electronica === null);
    expect(cierre.ventas_siigo).toBe(enPesos(sumar(electronicas.map((v) => v.subtotal))));
    expect(cierre.iva_siigo).toBe(enPesos(sumar(electronicas.map((v) => v.impuestos))));
    expect(cierre.ventas_remision).toBe(enPesos(sumar(remisiones.map((v) => v.subtotal))));
    expect(cierre.iva_remision).toBe(enPesos(sumar(remisiones.map((v) => v.impuestos))));
    expect(cierre.ventas_total).toBe(enPesos(sumar(facturadas().map((v) => v.subtotal))));
    // Fiscal IVA: only the accepted e-invoices' (no credit note in this month); a remission's taxes are apart.
    expect(cierre.iva_total).toBe(enPesos(sumar(electronicas.map((v) => v.impuestos))));
    expect(cierre.iva_por_aceptar).toBe(0);
    expect(cierre.total_venta_bruta).toBe(enPesos(sumar(facturadas().map((v) => v.total))));
    expect(cierre.cantidad_ventas).toBe(facturadas().length);
    // The month's edges in Bogotá time: the sale at 00:05 of day 1 and at 23:30 of the last day are in; the two just outside are not.
    expect(cierre.cantidad_ventas).toBe(9);
  });

  it('keeps the annulled sale in its billing month and says apart that it was annulled within the month', () => {
    const anuladas = delMes().filter((v) => v.estado === 3);
    expect(anuladas).toHaveLength(1);
    expect(cierre.anuladas).toEqual({ cantidad: 1, total: enPesos(anuladas[0]!.total) });
    expect(cierre.lista_ventas_mes.map((v) => v.id)).toContain(anuladas[0]!.id);
    // Its refund row would be of the day it was annulled; this one was written straight into the table, with none.
    expect(cierre.total_devoluciones).toBe(0);
  });

  it('answers the payments by method with their sales, flagging Crédito as no money, and the money received', () => {
    const porForma = new Map<number, { centavos: number; ventas: Set<number> }>();
    for (const v of facturadas()) {
      for (const p of v.pagos) {
        const fila = porForma.get(p.forma) ?? { centavos: 0, ventas: new Set<number>() };
        fila.centavos += p.centavos;
        fila.ventas.add(v.id);
        porForma.set(p.forma, fila);
      }
    }
    expect(cierre.lista_ventas_formas_pagos).toEqual(
      [...porForma.entries()]
        .sort(([a], [b]) => a - b)
        .map(([forma, fila]) => ({
          forma_pago_id: forma,
          nombre_forma_pago: NOMBRES_FORMA[forma],
          valor_pagado: enPesos(fila.centavos),
          cantidad_ventas: fila.ventas.size,
          ingresa_dinero: ingresa(forma),
        })),
    );
    expect(cierre.lista_ventas_formas_pagos.find((f) => f.forma_pago_id === 6)?.ingresa_dinero).toBe(false);
    expect(cierre.total_dinero_ventas).toBe(enPesos(sumar(facturadas().flatMap((v) => v.pagos.filter((p) => ingresa(p.forma)).map((p) => p.centavos)))));
  });

  it('answers the net sales by payment type', () => {
    expect(cierre.lista_tipos_venta).toEqual(
      [1, 2]
        .map((tipo) => ({ tipo, filas: facturadas().filter((v) => v.tipoPago === tipo) }))
        .filter(({ filas }) => filas.length > 0)
        .map(({ tipo, filas }) => ({
          tipo_pago_id: tipo,
          nombre_tipo_pago: tipo === 1 ? 'Contado' : 'Crédito',
          total_venta_neta: enPesos(sumar(filas.map((v) => v.subtotal))),
          cantidad: filas.length,
        })),
    );
  });

  it('answers the credit payments of the store by method and line, the one annulled today too (its day keeps it), store B left out', () => {
    const vivos = abonos.filter((a) => a.tienda === tienda.codigo_tienda && a.fecha.startsWith(mesAnterior));
    const formas = [...new Set(vivos.map((a) => a.forma))].sort((a, b) => a - b);
    expect(cierre.lista_abonos_credito_formas_pagos).toEqual(
      formas.map((forma) => ({
        forma_pago_id: forma,
        nombre_forma_pago: NOMBRES_FORMA[forma],
        valor_pagado: enPesos(sumar(vivos.filter((a) => a.forma === forma).map((a) => a.centavos))),
        ingresa_dinero: ingresa(forma),
      })),
    );
    expect(cierre.total_abonos_credito).toBe(enPesos(sumar(vivos.map((a) => a.centavos))));
    expect(cierre.lista_abonos_credito.map((l) => [l.movimiento_id, l.venta_id, l.fecha_abono, l.forma_pago_id, l.valor_pagado, l.codigo_tienda])).toEqual(
      vivos.map((a) => [a.movimientoId, a.ventaId, a.fecha, a.forma, enPesos(a.centavos), a.tienda]),
    );
    expect(cierre.lista_abonos_credito.find((l) => l.forma_pago_id === 8)?.ingresa_dinero).toBe(false);
  });

  it('answers the supplier payments of the store paid in the month, the deleted one left out', () => {
    const vivos = pagosProveedor.filter((p) => p.tienda === tienda.codigo_tienda && !p.eliminado);
    expect(cierre.lista_pagos_proveedores.map((p) => p.id)).toEqual(vivos.map((p) => p.id));
    expect(cierre.lista_pagos_proveedores[0]!.formas_pago.map((f) => [f.forma_pago_id, f.valor_pagado])).toEqual(
      vivos[0]!.formas.map((f) => [f.forma, enPesos(f.centavos)]),
    );
    expect(cierre.cantidad_pagos_proveedores).toBe(vivos.length);
    expect(cierre.total_pagos_proveedores).toBe(enPesos(sumar(vivos.map((p) => p.centavos))));
  });

  it('answers the month sales in billing order with their payments and badge fields', () => {
    const esperadas = [...facturadas()].sort((a, b) => a.fecha.getTime() - b.fecha.getTime() || a.id - b.id);
    expect(cierre.lista_ventas_mes.map((v) => v.id)).toEqual(esperadas.map((v) => v.id));
    for (const [n, v] of cierre.lista_ventas_mes.entries()) {
      const e = esperadas[n]!;
      expect(v.total_venta_bruta).toBe(enPesos(e.total));
      expect(v.total_venta_neta).toBe(enPesos(e.subtotal));
      expect(v.total_descuento).toBe(enPesos(e.descuento));
      expect(v.total_otros_impuestos).toBe(enPesos(e.otros));
      expect(v.formas_pago.map((p) => [p.forma_pago_id, p.valor_pagado])).toEqual(e.pagos.map((p) => [p.forma, enPesos(p.centavos)]));
      expect(v.fecha_factura_dian !== null).toBe(e.electronica === 'dian');
      expect(v.factura_code_siigo !== null).toBe(e.electronica === 'siigo');
      expect(v.nombre_tienda).toBe(tienda.nombre_tienda);
      expect(v.nombre_vendedor).toBe('Vendedora Prueba');
    }
  });

  it('pages the sales of one method with what that method paid of each', async () => {
    const conEfectivo = facturadas()
      .filter((v) => v.pagos.some((p) => p.forma === 1))
      .sort((a, b) => a.fecha.getTime() - b.fecha.getTime() || a.id - b.id);
    const url = (page: number) => `/api/cierre-mes/ventas-forma-pago?anio=${anio}&mes=${mesTexto}&forma_pago_id=1&page=${page}&per_page=10`;
    const respuesta = await llamar('GET', url(1), superAdmin.token);
    expect(respuesta.statusCode).toBe(200);
    const pagina = respuesta.json().data.ventas;
    expect(pagina.total).toBe(conEfectivo.length);
    expect(pagina.data.map((v: { id: number; valor_pagado: number }) => [v.id, v.valor_pagado])).toEqual(
      conEfectivo.map((v) => [v.id, enPesos(sumar(v.pagos.filter((p) => p.forma === 1).map((p) => p.centavos)))]),
    );
    const vacia = (await llamar('GET', url(2), superAdmin.token)).json().data.ventas;
    expect(vacia).toMatchObject({ data: [], current_page: 2, total: conEfectivo.length });
  });

  it('pages, searches and sorts the month sales (GET ventas-mes) with the same rows as lista_ventas_mes', async () => {
    const pagina = async (parametros: string) => {
      const respuesta = await llamar('GET', `/api/cierre-mes/ventas-mes?anio=${anio}&mes=${mesTexto}&${parametros}`, superAdmin.token);
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      return respuesta.json().data.ventas as { data: VentasPlataforma['lista_ventas_mes']; total: number; last_page: number };
    };
    const primera = await pagina('per_page=10&page=1');
    expect(primera.total).toBe(cierre.lista_ventas_mes.length);
    expect(primera.data).toEqual(cierre.lista_ventas_mes.slice(0, 10));
    const porTotal = await pagina('per_page=25&orden=total_venta_bruta&direccion=desc');
    expect(porTotal.data.map((v) => v.id)).toEqual(
      [...cierre.lista_ventas_mes].sort((a, b) => b.total_venta_bruta - a.total_venta_bruta || b.id - a.id).map((v) => v.id),
    );
    const credito = cierre.lista_ventas_mes.find((v) => v.tipo_pago_id === 2)!;
    const buscada = await pagina(`query=${encodeURIComponent(`${credito.nombres_tercero.toLowerCase()} ${credito.numero_documento_tercero}`)}`);
    expect(buscada.data.map((v) => v.id)).toEqual([credito.id]);
    const porNumero = await pagina(`query=${credito.prefijo_factura_dian}-${credito.nro_factura_dian}`);
    expect(porNumero.data.map((v) => v.id)).toEqual([credito.id]);
    expect(await pagina('query=nadie-se-llama-asi')).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('leaves lista_ventas_mes empty when asked not to include it, every other figure the same', async () => {
    const respuesta = await llamar('POST', '/api/cierre-mes/ventas-plataforma', superAdmin.token, {
      anio,
      mes: mesTexto,
      codigo_tienda: tienda.codigo_tienda,
      incluir_ventas_mes: false,
    });
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data).toEqual({ ...cierre, lista_ventas_mes: [] });
  });

  async function exportar(seccion: string) {
    const respuesta = await llamar('POST', '/api/cierre-mes/exportar', superAdmin.token, { anio, mes: mesTexto, codigo_tienda: tienda.codigo_tienda, seccion });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    expect(respuesta.headers['content-type']).toContain('spreadsheetml');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(respuesta.rawPayload as unknown as ArrayBuffer);
    return { libro, disposicion: String(respuesta.headers['content-disposition']) };
  }
  const filas = (hoja: ExcelJS.Worksheet) => hoja.getSheetValues().slice(2) as unknown[][];

  it("exports the sales as 'Export ventas.xlsx' with the same figures, amounts as numbers", async () => {
    const { libro, disposicion } = await exportar('ventas');
    expect(disposicion).toContain(encodeURIComponent(ARCHIVOS_CIERRE_MES.ventas));
    const hoja = libro.getWorksheet('Ventas')!;
    const encabezados = (hoja.getRow(1).values as unknown[]).slice(1);
    const columna = (nombre: string) => encabezados.indexOf(nombre) + 1;
    const datos = filas(hoja).filter((f) => typeof f?.[1] === 'number');
    expect(datos.map((f) => f[1])).toEqual(cierre.lista_ventas_mes.map((v) => v.id));
    expect(datos.map((f) => f[columna('Total venta bruta')])).toEqual(cierre.lista_ventas_mes.map((v) => v.total_venta_bruta));
    // Dates as Bogotá's clock reads them: the sale billed at 23:30 of the last day (04:30 UTC the next day).
    const ultima = datos.find((f) => f[1] === cierre.lista_ventas_mes.at(-1)!.id)!;
    expect((ultima[columna('Fecha factura')] as Date).toISOString()).toBe(`${dia(ultimoDia)}T23:30:00.000Z`);
    const total = filas(hoja).find((f) => f?.[1] === 'Total')!;
    expect(total[columna('Total venta bruta')]).toBe(cierre.total_venta_bruta);
    expect(total[columna('Total venta neta')]).toBe(cierre.ventas_total);
    // The sales listed, every tax they charged (remissions' too): the fiscal IVA is on 'Documentos fiscales'.
    expect(total[columna('Impuestos')]).toBe(enPesos(sumar(facturadas().map((v) => v.impuestos))));
  });

  it('exports the payment methods, the credit payments and the supplier payments with the same figures', async () => {
    const formas = (await exportar('formas-pago')).libro.getWorksheet('Formas de pago')!;
    expect(filas(formas).filter((f) => f?.[4] === 'Sí' || f?.[4] === 'No').map((f) => [f[1], f[2], f[3]])).toEqual(
      cierre.lista_ventas_formas_pagos.map((f) => [f.nombre_forma_pago, f.cantidad_ventas, f.valor_pagado]),
    );
    expect(filas(formas).find((f) => String(f?.[1]).startsWith('Total'))![3]).toBe(cierre.total_dinero_ventas);

    const { libro: abonosLibro, disposicion } = await exportar('abonos-credito');
    expect(disposicion).toContain(encodeURIComponent(ARCHIVOS_CIERRE_MES['abonos-credito']));
    const lineas = abonosLibro.getWorksheet('Abonos crédito')!;
    expect(filas(lineas).filter((f) => typeof f?.[2] === 'number').map((f) => [f[2], f[8]])).toEqual(
      cierre.lista_abonos_credito.map((l) => [l.movimiento_id, l.valor_pagado]),
    );
    expect(filas(lineas).find((f) => f?.[1] === 'Total')![8]).toBe(cierre.total_abonos_credito);

    const pagos = (await exportar('pagos-proveedores')).libro.getWorksheet('Pagos proveedores')!;
    expect(filas(pagos).filter((f) => f?.[1] !== 'Total' && f?.[11] !== undefined).map((f) => f[11])).toEqual(
      cierre.lista_pagos_proveedores.map((p) => p.valor_total_pagar),
    );
    expect(filas(pagos).find((f) => f?.[1] === 'Total')![11]).toBe(cierre.total_pagos_proveedores);
  });

  it('reads another store only when it is the selected one', async () => {
    const respuesta = await llamar('POST', '/api/cierre-mes/ventas-plataforma', superAdmin.token, { anio, mes: mesTexto, codigo_tienda: otra.codigo_tienda }, otra.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    const deB = respuesta.json().data as VentasPlataforma;
    const ventasB = ventas.filter((v) => v.tienda === otra.codigo_tienda);
    expect(deB.lista_ventas_mes.map((v) => v.id)).toEqual(ventasB.map((v) => v.id));
    expect(deB.total_venta_bruta).toBe(enPesos(sumar(ventasB.map((v) => v.total))));
  });

  describe('closing and reopening', () => {
    const resumenDe = (datos: VentasPlataforma): ResumenCierreMes => ({
      ventas_siigo: datos.ventas_siigo,
      iva_siigo: datos.iva_siigo,
      ventas_remision: datos.ventas_remision,
      iva_remision: datos.iva_remision,
      ventas_total: datos.ventas_total,
      iva_total: datos.iva_total,
      total_venta_bruta: datos.total_venta_bruta,
      cantidad_ventas: datos.cantidad_ventas,
      lista_ventas_formas_pagos: datos.lista_ventas_formas_pagos,
      total_dinero_ventas: datos.total_dinero_ventas,
      redondeo_efectivo: datos.redondeo_efectivo,
      lista_tipos_venta: datos.lista_tipos_venta,
      lista_abonos_credito_formas_pagos: datos.lista_abonos_credito_formas_pagos,
      total_abonos_credito: datos.total_abonos_credito,
      cantidad_pagos_proveedores: datos.cantidad_pagos_proveedores,
      total_pagos_proveedores: datos.total_pagos_proveedores,
      anuladas: datos.anuladas,
      lista_devoluciones_formas_pagos: datos.lista_devoluciones_formas_pagos,
      total_devoluciones: datos.total_devoluciones,
      remisiones: datos.remisiones,
      facturas_electronicas: datos.facturas_electronicas,
      notas_credito: datos.notas_credito,
      iva_por_aceptar: datos.iva_por_aceptar,
      documentos_pos: datos.documentos_pos,
      notas_ajuste: datos.notas_ajuste,
      devoluciones_remision: datos.devoluciones_remision,
    });

    it('closes the month: the summary is computed, stored and answered; the screen shows it', async () => {
      expect(cierre.periodo.cerrado).toBe(false);
      const respuesta = await llamar('POST', '/api/cierre-mes/cerrar', superAdmin.token, { anio, mes: mesTexto });
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      expect(respuesta.json().message).toBe(MENSAJES_CIERRE_MES.cerrado);
      const { periodo } = respuesta.json().data;
      expect(periodo).toMatchObject({ codigo_tienda: tienda.codigo_tienda, anio, mes, cerrado: true, usuario_cierre_id: superAdmin.id });
      expect(periodo.resumen).toEqual(resumenDe(cierre));
      const fila = await entorno.db.selectFrom('periodo_cerrado').selectAll().where('codigo_tienda', '=', tienda.codigo_tienda).executeTakeFirstOrThrow();
      expect(fila).toMatchObject({ anio, mes, cerrado: true, usuario_cierre_id: superAdmin.id });
      expect(fila.resumen).toEqual(resumenDe(cierre));
      // Only store A's month: store B's stays open.
      expect(await entorno.db.selectFrom('periodo_cerrado').select('codigo_tienda').execute()).toEqual([{ codigo_tienda: tienda.codigo_tienda }]);
    });

    it('refuses a second close (409) and a write dated in the closed month, and keeps the summary', async () => {
      const otraVez = await llamar('POST', '/api/cierre-mes/cerrar', superAdmin.token, { anio, mes: mesTexto });
      expect(otraVez.statusCode).toBe(409);
      expect(otraVez.json().message).toBe(ERRORES.PERIODO_YA_CERRADO.mensaje);
      const cliente = await crearTercero(entorno.db);
      const escrito = await llamar('POST', '/api/anticipos/guardar', superAdmin.token, {
        cliente_id: cliente.id,
        fecha_anticipo: dia(15),
        valor_anticipo: 1000,
        observacion_anticipo: 'En mes cerrado',
        forma_pago_id: 1,
      });
      expect(escrito.statusCode).toBe(409);
      expect(escrito.json().message).toBe(`El mes ${nombreMes(anio, mes)} de la tienda ${tienda.codigo_tienda} está cerrado: no admite movimientos con esa fecha`);
      const despues = (await llamar('POST', '/api/cierre-mes/ventas-plataforma', superAdmin.token, { anio, mes: mesTexto, codigo_tienda: tienda.codigo_tienda })).json()
        .data as VentasPlataforma;
      expect(despues.periodo.cerrado).toBe(true);
      expect(despues.periodo.resumen).toEqual(resumenDe(cierre));
      expect(resumenDe(despues)).toEqual(resumenDe(cierre));
    });

    it('reopens the month with its reason, recorded in the history; reopening again is a 409', async () => {
      const respuesta = await llamar('POST', '/api/cierre-mes/reabrir', superAdmin.token, { anio, mes: mesTexto, motivo: '  Faltó un egreso  ' });
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      expect(respuesta.json().message).toBe(MENSAJES_CIERRE_MES.reabierto);
      const { periodo } = respuesta.json().data;
      expect(periodo.cerrado).toBe(false);
      expect(periodo.historial.map((e: { accion: string; motivo: string | null; usuario_id: number }) => [e.accion, e.motivo, e.usuario_id])).toEqual([
        ['cierre', null, superAdmin.id],
        ['reapertura', 'Faltó un egreso', superAdmin.id],
      ]);
      const otraVez = await llamar('POST', '/api/cierre-mes/reabrir', superAdmin.token, { anio, mes: mesTexto, motivo: 'Otra vez' });
      expect(otraVez.statusCode).toBe(409);
      expect(otraVez.json().message).toBe(ERRORES.PERIODO_NO_CERRADO.mensaje);
    });
  });
});

describe('an empty month', () => {
  it('answers zeros and empty lists, never an error', async () => {
    const usuario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [ajena.codigo_tienda] });
    const respuesta = await llamar('POST', '/api/cierre-mes/ventas-plataforma', usuario.token, { anio: 2001, mes: '02', codigo_tienda: ajena.codigo_tienda }, ajena.codigo_tienda);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.json().data).toMatchObject({
      ventas_siigo: 0,
      iva_siigo: 0,
      ventas_total: 0,
      total_venta_bruta: 0,
      cantidad_ventas: 0,
      lista_ventas_formas_pagos: [],
      total_dinero_ventas: 0,
      lista_abonos_credito: [],
      lista_pagos_proveedores: [],
      lista_ventas_mes: [],
      anuladas: { cantidad: 0, total: 0 },
      periodo: { cerrado: false, historial: [] },
    });
  });
});

// ---------------------------------------------------------------------------------------------------- fiscal documents

describe('the month by fiscal document (docs/decisions-reportes-dinero.md "Cierre de mes por documento fiscal")', () => {
  // A store of its own, this month: an accepted e-invoice, one queued (ENVIANDO), an invoice-type sale never queued,
  // a rejected one, a remission, an accepted e-invoice annulled with its accepted note; and an e-invoice of last month
  // annulled this month, its note still on its way. Documents are made through the factura-electronica door (Timbrar's
  // and the annulment's services, a queue that only records); DIAN's answer is written as its job writes it.
  let fiscal: TiendaPrueba;
  let usuario: UsuarioConSesion;
  let actorFiscal: Actor;
  let rango: number;
  let numero = 5000;
  const cola = { encolar: async () => null };
  const ahora = new Date();
  const esteMes = hoyNegocio(ahora).slice(0, 7);
  const anioActual = Number(esteMes.slice(0, 4));
  const mesActual = esteMes.slice(5, 7);
  /** Billed one second ago (this month), or on the 10th of last month at noon. */
  const momento = (cuando: 'hoy' | 'mes-anterior') => (cuando === 'hoy' ? new Date(ahora.getTime() - 1000) : bogota(`${mesAnterior}-10`, '12:00'));
  const ids: Record<string, number> = {};
  let datos: VentasPlataforma;
  let anterior: VentasPlataforma;

  async function ventaFiscal(clave: string, tipo: 'FACTURA' | 'REMISION', subtotal: number, impuestos: number, cuando: 'hoy' | 'mes-anterior' = 'hoy') {
    const cliente = await crearTercero(entorno.db, { nombres: `Fiscal ${clave}`, apellidos: 'Prueba' });
    const fecha = momento(cuando);
    const { id } = await entorno.db
      .insertInto('venta')
      .values({
        codigo_tienda: fiscal.codigo_tienda,
        cliente_id: cliente.id,
        vendedor_id: usuario.id,
        fecha_venta: fecha,
        estado_venta_id: 2,
        tipo_pago_id: 1,
        total_subtotal_venta: pesos(subtotal),
        total_descuento: 0,
        total_impuestos_venta: pesos(impuestos),
        total_otros_impuestos_venta: 0,
        total_venta: pesos(subtotal + impuestos),
        tipo_documento: tipo,
        permite_fe: tipo === 'FACTURA',
        rango_numeracion_id: rango,
        prefijo_factura_dian: tipo === 'FACTURA' ? 'FE' : 'RM',
        nro_factura_dian: ++numero,
        fecha_factura: fecha,
        facturador_id: usuario.id,
        modo_factura: 'C',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await entorno.db.insertInto('venta_forma_pago').values({ venta_id: id, forma_pago_id: 1, valor_pagado: pesos(subtotal + impuestos) }).execute();
    ids[clave] = id;
    return id;
  }

  /** Timbrar (the door's service): the invoice document, queued (ENVIANDO). */
  const timbrar = (ventaId: number) => entorno.db.transaction().execute((trx) => facturaElectronicaService.solicitarEnvioFactura(trx, actorFiscal, ventaId, cola));

  /** DIAN's answer as the sending job writes it: the document's state and, on acceptance, the sale's DIAN date. */
  async function respuestaDian(ventaId: number, tipo: 'FACTURA' | 'NOTA_CREDITO', estado: 'ACEPTADA' | 'RECHAZADA') {
    await entorno.db
      .updateTable('documento_fe')
      .set({ estado, fecha_aceptacion: estado === 'ACEPTADA' ? new Date() : null })
      .where('venta_id', '=', ventaId)
      .where('tipo', '=', tipo)
      .execute();
    if (estado === 'ACEPTADA' && tipo === 'FACTURA') await entorno.db.updateTable('venta').set({ fecha_factura_dian: new Date() }).where('id', '=', ventaId).execute();
  }

  /** The annulment: the sale annulled now and its credit note issued through the door (concept 2), queued. */
  async function anular(ventaId: number) {
    await entorno.db.updateTable('venta').set({ estado_venta_id: 3, fecha_anulacion: new Date() }).where('id', '=', ventaId).execute();
    return entorno.db
      .transaction()
      .execute((trx) => facturaElectronicaService.registrarNotaCreditoAnulacion(trx, actorFiscal, ventaId, { concepto_nota: '2', motivo: 'Error en la factura' }, cola));
  }

  const plataforma = async (anioConsulta: number, mesConsulta: string) => {
    const respuesta = await llamar('POST', '/api/cierre-mes/ventas-plataforma', usuario.token, { anio: anioConsulta, mes: mesConsulta, codigo_tienda: fiscal.codigo_tienda }, fiscal.codigo_tienda);
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    return respuesta.json().data as VentasPlataforma;
  };

  beforeAll(async () => {
    fiscal = await crearTienda(entorno.db);
    usuario = await crearUsuarioConSesion(entorno.app, entorno.db, { role: 'SuperAdministrador', tiendas: [fiscal.codigo_tienda] });
    actorFiscal = { ...actorSistema(fiscal.codigo_tienda), userId: usuario.id, role: 'SuperAdministrador' };
    rango = (await crearRangoNumeracion(entorno.db, { codigo_tienda: fiscal.codigo_tienda, numero_hasta: 100_000 })).id;

    await timbrar(await ventaFiscal('aceptada', 'FACTURA', 100_000_00, 19_000_00));
    await respuestaDian(ids.aceptada!, 'FACTURA', 'ACEPTADA');
    await timbrar(await ventaFiscal('enviando', 'FACTURA', 50_000_00, 9_500_00));
    await ventaFiscal('sinEnviar', 'FACTURA', 20_000_00, 3_800_00);
    await timbrar(await ventaFiscal('rechazada', 'FACTURA', 30_000_00, 5_700_00));
    await respuestaDian(ids.rechazada!, 'FACTURA', 'RECHAZADA');
    await ventaFiscal('remision', 'REMISION', 10_000_00, 1_900_00);
    await timbrar(await ventaFiscal('anulada', 'FACTURA', 40_000_00, 7_600_00));
    await respuestaDian(ids.anulada!, 'FACTURA', 'ACEPTADA');
    expect(await anular(ids.anulada!)).toMatchObject({ facturaAceptada: true });
    await respuestaDian(ids.anulada!, 'NOTA_CREDITO', 'ACEPTADA');
    // Last month's invoice annulled today: its note is of today's month; last month keeps the sale.
    await timbrar(await ventaFiscal('delMesAnterior', 'FACTURA', 60_000_00, 11_400_00, 'mes-anterior'));
    await respuestaDian(ids.delMesAnterior!, 'FACTURA', 'ACEPTADA');
    await anular(ids.delMesAnterior!);

    datos = await plataforma(anioActual, mesActual);
    anterior = await plataforma(anio, mesTexto);
  });

  it('splits the sales by fiscal document and state, each card to the centavo', () => {
    expect(datos.facturas_electronicas).toEqual({
      aceptadas: { cantidad: 2, ventas: pesos(140_000_00), iva: pesos(26_600_00) },
      pendientes: { cantidad: 2, ventas: pesos(70_000_00), iva: pesos(13_300_00) },
      rechazadas: { cantidad: 1, ventas: pesos(30_000_00), iva: pesos(5_700_00) },
    });
    expect(datos.remisiones).toEqual({ cantidad: 1, ventas: pesos(10_000_00), iva: pesos(1_900_00) });
    expect(datos.notas_credito).toEqual({
      aceptadas: { cantidad: 1, ventas: pesos(40_000_00), iva: pesos(7_600_00) },
      pendientes: { cantidad: 1, ventas: pesos(60_000_00), iva: pesos(11_400_00) },
      rechazadas: { cantidad: 0, ventas: 0, iva: 0 },
    });
    // The spec's keys: DIAN = accepted e-invoices; remission = remissions, their taxes apart.
    expect(datos).toMatchObject({ ventas_siigo: pesos(140_000_00), iva_siigo: pesos(26_600_00), ventas_remision: pesos(10_000_00), iva_remision: pesos(1_900_00) });
    expect(datos.cantidad_ventas).toBe(6);
  });

  it('nets the credit notes: net sales = remissions + e-invoices − notes; fiscal IVA from accepted documents only', () => {
    // 10,000 + (140,000 + 70,000 + 30,000) − (40,000 + 60,000)
    expect(datos.ventas_total).toBe(pesos(150_000_00));
    // 26,600 accepted invoices − 7,600 accepted note: no remission tax, nothing DIAN has not accepted.
    expect(datos.iva_total).toBe(pesos(19_000_00));
    // (13,300 pending + 5,700 rejected) − 11,400 of the note on its way.
    expect(datos.iva_por_aceptar).toBe(pesos(7_600_00));
    const fe = datos.facturas_electronicas;
    const nc = datos.notas_credito;
    const centavos = (v: number) => Math.round(v * 100);
    expect(centavos(datos.ventas_total)).toBe(
      centavos(datos.remisiones.ventas) +
        sumar([fe.aceptadas, fe.pendientes, fe.rechazadas].map((c) => centavos(c.ventas))) -
        sumar([nc.aceptadas, nc.pendientes, nc.rechazadas].map((c) => centavos(c.ventas))),
    );
  });

  it("an annulment today leaves last month's figures as they were: the sale stays there, its note counts today", () => {
    expect(anterior.facturas_electronicas.aceptadas).toEqual({ cantidad: 1, ventas: pesos(60_000_00), iva: pesos(11_400_00) });
    expect(anterior.notas_credito.pendientes.cantidad + anterior.notas_credito.aceptadas.cantidad).toBe(0);
    expect(anterior).toMatchObject({ ventas_total: pesos(60_000_00), iva_total: pesos(11_400_00), iva_por_aceptar: 0 });
    expect(anterior.documentos_por_resolver).toEqual([]);
  });

  it('names each document DIAN has not accepted, for the warning: number, sale and state', async () => {
    const numeros = await entorno.db.selectFrom('documento_fe').select(['venta_id', 'tipo', 'numero']).where('venta_id', 'in', Object.values(ids)).execute();
    const numeroDe = (ventaId: number, tipo: string) => numeros.find((n) => n.venta_id === ventaId && n.tipo === tipo)!.numero;
    const sinEnviar = await entorno.db.selectFrom('venta').select(['prefijo_factura_dian', 'nro_factura_dian']).where('id', '=', ids.sinEnviar!).executeTakeFirstOrThrow();
    expect(datos.documentos_por_resolver.map(({ fecha_factura: _f, fecha_venta: _v, estado_venta_id: _e, ...d }) => d)).toEqual([
      { tipo: 'FACTURA', numero: numeroDe(ids.enviando!, 'FACTURA'), venta_id: ids.enviando, estado: 'ENVIANDO' },
      { tipo: 'FACTURA', numero: `${sinEnviar.prefijo_factura_dian}${sinEnviar.nro_factura_dian}`, venta_id: ids.sinEnviar, estado: null },
      { tipo: 'FACTURA', numero: numeroDe(ids.rechazada!, 'FACTURA'), venta_id: ids.rechazada, estado: 'RECHAZADA' },
      { tipo: 'NOTA_CREDITO', numero: numeroDe(ids.delMesAnterior!, 'NOTA_CREDITO'), venta_id: ids.delMesAnterior, estado: 'ENVIANDO' },
    ]);
    expect(numeroDe(ids.enviando!, 'FACTURA')).toMatch(/^FE\d+$/);
    expect(datos.documentos_por_resolver.map((d) => d.estado_venta_id)).toEqual([2, 2, 2, 3]);
    // The note's sale was billed last month; the billing list, which filters by the sale's own date, opens on it.
    expect(hoyNegocio(new Date(datos.documentos_por_resolver.at(-1)!.fecha_factura))).toBe(`${mesAnterior}-10`);
    const fechasVenta = await entorno.db.selectFrom('venta').select(['id', 'fecha_venta']).where('id', 'in', Object.values(ids)).execute();
    for (const documento of datos.documentos_por_resolver) {
      expect(documento.fecha_venta).toBe(fechasVenta.find((v) => v.id === documento.venta_id)!.fecha_venta.toISOString());
    }
  });

  it('marks each sale of the list with its fiscal document', () => {
    const de = (clave: string) => datos.lista_ventas_mes.find((v) => v.id === ids[clave])!.documento_fiscal;
    expect(['aceptada', 'enviando', 'sinEnviar', 'rechazada', 'remision', 'anulada'].map(de)).toEqual([
      'FE_ACEPTADA',
      'FE_PENDIENTE',
      'FE_PENDIENTE',
      'FE_RECHAZADA',
      'REMISION',
      'FE_ACEPTADA',
    ]);
  });

  it("exports the split: a 'Documentos fiscales' sheet by kind and state, and the documents DIAN has not accepted", async () => {
    const respuesta = await llamar(
      'POST',
      '/api/cierre-mes/exportar',
      usuario.token,
      { anio: anioActual, mes: mesActual, codigo_tienda: fiscal.codigo_tienda, seccion: 'ventas' },
      fiscal.codigo_tienda,
    );
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(respuesta.rawPayload as unknown as ArrayBuffer);
    const filasDe = (nombre: string) => (libro.getWorksheet(nombre)!.getSheetValues().slice(2) as unknown[][]).filter(Boolean).map((f) => f.slice(1));
    expect(filasDe('Documentos fiscales')).toEqual([
      ['Factura electrónica', 'Aceptada por la DIAN', 2, 140_000, 26_600],
      ['Factura electrónica', 'Pendiente de envío', 2, 70_000, 13_300],
      ['Factura electrónica', 'Rechazada por la DIAN', 1, 30_000, 5_700],
      ['Documento POS', 'Aceptada por la DIAN', 0, 0, 0],
      ['Documento POS', 'Pendiente de envío', 0, 0, 0],
      ['Documento POS', 'Rechazada por la DIAN', 0, 0, 0],
      ['Remisión', 'Impuestos cobrados (no es IVA fiscal)', 1, 10_000, 1_900],
      ['Devolución de remisión (resta)', 'Sin documento DIAN', 0, 0, 0],
      ['Nota crédito (resta)', 'Aceptada por la DIAN', 1, 40_000, 7_600],
      ['Nota crédito (resta)', 'Pendiente de envío', 1, 60_000, 11_400],
      ['Nota crédito (resta)', 'Rechazada por la DIAN', 0, 0, 0],
      ['Nota de ajuste POS (resta)', 'Aceptada por la DIAN', 0, 0, 0],
      ['Nota de ajuste POS (resta)', 'Pendiente de envío', 0, 0, 0],
      ['Nota de ajuste POS (resta)', 'Rechazada por la DIAN', 0, 0, 0],
      ['Ventas netas del mes', 'Remisiones + facturas + POS − notas − devoluciones de remisiones', undefined, 150_000],
      ['IVA fiscal', 'Facturas y POS aceptados − notas aceptadas', undefined, undefined, 19_000],
      ['IVA por aceptar', 'Pendientes y rechazadas − sus notas', undefined, undefined, 7_600],
    ]);
    expect(filasDe('Por resolver en la DIAN').map((f) => [f[0], f[2], f[3]])).toEqual([
      ['Factura electrónica', ids.enviando, 'Enviando'],
      ['Factura electrónica', ids.sinEnviar, 'Sin enviar a la DIAN'],
      ['Factura electrónica', ids.rechazada, 'Rechazada por la DIAN'],
      ['Nota crédito', ids.delMesAnterior, 'Enviando'],
    ]);
    const ventasHoja = libro.getWorksheet('Ventas')!;
    const encabezados = (ventasHoja.getRow(1).values as unknown[]).slice(1);
    const columna = encabezados.indexOf('Documento fiscal') + 1;
    const fila = (ventasHoja.getSheetValues() as unknown[][]).find((f) => f?.[1] === ids.rechazada)!;
    expect(fila[columna]).toBe('Factura electrónica rechazada');
  });
});
