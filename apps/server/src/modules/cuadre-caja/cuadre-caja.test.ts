import {
  ERRORES,
  hoyNegocio,
  MENSAJE_CARACTERES_NO_PERMITIDOS,
  MENSAJES_CUADRE_CAJA,
  PARAMETRO_TIENDAS_CUADRE_CAJA,
  type CuadreCajaRespuesta,
} from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { actorSistema } from '../../db/transaccion';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
  crearEgreso,
  crearIngreso,
  crearPagoProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuario,
  crearUsuariosPorRol,
  headers,
  ROLES_NO_SUPER_ADMIN,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import * as cuentasCreditoService from '../cuentas-credito';

// The daily cash (spec 002 §2.9; docs/decisions-reportes-dinero.md) against a generated day in three stores, two of
// them listed in TIENDAS_CUADRE_CAJA: every card and table equals a direct sum of the rows this file wrote, in
// centavos. Documents annulled later stay on their day; the day's annulments give money back as refunds (money out).
// Refusals first.

const entorno = usarEntorno();

let A: TiendaPrueba;
let B: TiendaPrueba;
let C: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<(typeof ROLES_NO_SUPER_ADMIN)[number], UsuarioConSesion>;

const hoy = hoyNegocio();
const ayer = new Date(Date.parse(`${hoy}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const manana = new Date(Date.parse(`${hoy}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const bogota = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-05:00`);

const llamar = (method: 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, codigoTienda?: string) =>
  entorno.app.inject({ method, url, headers: token ? headers(token, codigoTienda) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const cuadre = async (fecha_dia: string) => {
  const respuesta = await llamar('POST', '/api/cuadre-caja/dia', superAdmin.token, { fecha_dia });
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as CuadreCajaRespuesta;
};
const fijarTiendas = (valor: string) =>
  entorno.db.updateTable('parametro').set({ valor_parametro: valor }).where('codigo_parametro', '=', PARAMETRO_TIENDAS_CUADRE_CAJA).execute();

beforeAll(async () => {
  A = await crearTienda(entorno.db);
  B = await crearTienda(entorno.db);
  C = await crearTienda(entorno.db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, A.codigo_tienda));
  await entorno.db
    .insertInto('usuario_tienda')
    .values([B, C].map((t) => ({ user_id: superAdmin.id, codigo_tienda: t.codigo_tienda })))
    .execute();
  await fijarTiendas(`${A.codigo_tienda}, ${B.codigo_tienda}`);
});

describe('refusals of POST cuadre-caja/dia', () => {
  it('401 without a token', async () => {
    const respuesta = await llamar('POST', '/api/cuadre-caja/dia', null, { fecha_dia: hoy });
    expect(respuesta.statusCode).toBe(401);
    expect(respuesta.json().message).toBe(ERRORES.NO_AUTENTICADO.mensaje);
  });

  it('403 for every role but SuperAdministrador', async () => {
    for (const role of ROLES_NO_SUPER_ADMIN) {
      const respuesta = await llamar('POST', '/api/cuadre-caja/dia', porRol[role].token, { fecha_dia: hoy }, A.codigo_tienda);
      expect(respuesta.statusCode, role).toBe(403);
      expect(respuesta.json().message).toBe(ERRORES.ROL_NO_PERMITIDO.mensaje);
    }
  });

  it('403 with a store header the user does not belong to', async () => {
    const otra = await crearTienda(entorno.db);
    const respuesta = await llamar('POST', '/api/cuadre-caja/dia', superAdmin.token, { fecha_dia: hoy }, otra.codigo_tienda);
    expect(respuesta.statusCode).toBe(403);
    expect(respuesta.json().message).toBe(ERRORES.TIENDA_NO_PERMITIDA.mensaje);
  });

  it.each([
    ['tomorrow', { fecha_dia: manana }, MENSAJES_CUADRE_CAJA.fechaFutura],
    ['a date that does not exist', { fecha_dia: '2026-02-30' }, MENSAJES_CUADRE_CAJA.fechaDia],
    ['no date', {}, MENSAJES_CUADRE_CAJA.fechaDia],
    ['a number', { fecha_dia: 1e308 }, MENSAJES_CUADRE_CAJA.fechaDia],
    ['a NUL byte', { fecha_dia: `${hoy}\u0000` }, MENSAJE_CARACTERES_NO_PERMITIDOS],
  ])('422 for %s, never 500', async (_caso, cuerpo, mensaje) => {
    const respuesta = await llamar('POST', '/api/cuadre-caja/dia', superAdmin.token, cuerpo);
    expect(respuesta.statusCode).toBe(422);
    expect(respuesta.json().errors.fecha_dia).toContain(mensaje);
  });
});

interface Linea {
  tienda: string;
  forma: number;
  centavos: number;
}
const ingresa = (forma: number) => forma !== 6 && forma !== 8;
const sumar = (valores: number[]) => valores.reduce((s, v) => s + v, 0);
const pesos = (centavos: number) => centavos / 100;

describe('a generated day in three stores: every figure equals the direct sum of its documents', () => {
  const ventas: (Linea & { ventaId: number; estado: number; dia: string })[] = [];
  const abonos: (Linea & { anulado: boolean; dia: string })[] = [];
  const anticipos: (Linea & { anulado: boolean; dia: string })[] = [];
  const egresos: (Linea & { id: number; dia: string })[] = [];
  const ingresos: (Linea & { id: number; dia: string })[] = [];
  const pagos: { id: number; tienda: string; dia: string | null; eliminado: boolean; formas: Linea[] }[] = [];
  let datos: CuadreCajaRespuesta;
  let numero = 0;

  beforeAll(async () => {
    const vendedor = await crearUsuario(entorno.db, { tiendas: [A.codigo_tienda] });
    const cajera = await crearUsuario(entorno.db, { role: 'SuperAdministrador', name: 'Cajera Principal', tiendas: [A.codigo_tienda] });
    const rangos: Record<string, number> = {};
    for (const t of [A, B, C]) rangos[t.codigo_tienda] = (await crearRangoNumeracion(entorno.db, { codigo_tienda: t.codigo_tienda })).id;

    async function venta(tienda: string, fecha: Date, pagosVenta: [number, number][], estado = 2, clienteId?: number) {
      const cliente = clienteId ?? (await crearTercero(entorno.db)).id;
      const total = sumar(pagosVenta.map(([, c]) => c));
      const { id } = await entorno.db
        .insertInto('venta')
        .values({
          codigo_tienda: tienda,
          cliente_id: cliente,
          vendedor_id: vendedor.id,
          estado_venta_id: estado,
          tipo_pago_id: pagosVenta.some(([f]) => f === 6) ? 2 : 1,
          total_subtotal_venta: pesos(total),
          total_venta: pesos(total),
          tipo_documento: 'REMISION',
          rango_numeracion_id: rangos[tienda]!,
          prefijo_factura_dian: 'RM',
          nro_factura_dian: ++numero,
          fecha_factura: fecha,
          ...(estado === 3 ? { fecha_anulacion: fecha } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await entorno.db
        .insertInto('venta_forma_pago')
        .values(pagosVenta.map(([forma, c]) => ({ venta_id: id, forma_pago_id: forma, valor_pagado: pesos(c), codigo_comprobante_pago: forma === 1 ? null : `C-${id}` })))
        .execute();
      for (const [forma, centavos] of pagosVenta) ventas.push({ ventaId: id, tienda, forma, centavos, estado, dia: hoyNegocio(fecha) });
      return { id, clienteId: cliente };
    }

    async function ventaCredito(tienda: string, centavos: number) {
      const cliente = await crearTercero(entorno.db);
      await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 100_000_000 });
      const v = await venta(tienda, bogota(ayer, '09:00'), [[6, centavos]], 2, cliente.id);
      await entorno.db.transaction().execute((trx) =>
        cuentasCreditoService.cargarCredito(trx, { terceroId: cliente.id, ventaId: v.id, valor: pesos(centavos), fecha: ayer }, { ...actorSistema(tienda), userId: superAdmin.id }),
      );
      return v;
    }

    async function abonar(tienda: string, ventaId: number, formas: [number, number][], dia = hoy): Promise<number> {
      const respuesta = await llamar(
        'POST',
        '/api/creditos/abonos',
        superAdmin.token,
        {
          venta_id: ventaId,
          fecha_abono: dia,
          observacion_abono: 'Abono',
          valor_abono: pesos(sumar(formas.map(([, c]) => c))),
          lista_formas_pagadas_form: formas.map(([forma, c]) => ({
            id_forma_pago: forma,
            valor_pagado: pesos(c),
            codigo_comprobante: forma === 1 ? null : 'AB-1',
            fecha_consignacion: forma === 1 ? null : dia,
          })),
        },
        tienda,
      );
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      for (const [forma, centavos] of formas) abonos.push({ tienda, forma, centavos, anulado: false, dia });
      return respuesta.json().data.movimiento_id;
    }

    async function anticipo(tienda: string, forma: number, centavos: number, dia = hoy): Promise<number> {
      const cliente = await crearTercero(entorno.db);
      const respuesta = await llamar(
        'POST',
        '/api/anticipos/guardar',
        superAdmin.token,
        { cliente_id: cliente.id, fecha_anticipo: dia, valor_anticipo: pesos(centavos), observacion_anticipo: 'Anticipo', forma_pago_id: forma, codigo_comprobante: forma === 1 ? null : 'AN-1' },
        tienda,
      );
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      anticipos.push({ tienda, forma, centavos, anulado: false, dia });
      return respuesta.json().data.id;
    }

    const a = A.codigo_tienda;
    const b = B.codigo_tienda;
    const c = C.codigo_tienda;
    // Sales: several methods, Crédito and Anticipo (no money), an annulled one, the day's first minute and the
    // minute before it, and store C (not listed).
    await venta(a, bogota(hoy, '00:00'), [[1, 100_000_00]]);
    await venta(a, bogota(hoy, '00:01'), [[2, 50_000_00], [1, 20_000_33]]);
    await venta(a, bogota(hoy, '00:02'), [[8, 15_000_00], [7, 5_000_00]]);
    await venta(a, bogota(hoy, '00:03'), [[1, 12_345_67]], 3);
    await venta(a, new Date(bogota(hoy, '00:00').getTime() - 60_000), [[1, 77_777_77]]);
    await venta(b, bogota(hoy, '00:04'), [[4, 30_000_00], [1, 5_000_01]]);
    await venta(c, bogota(hoy, '00:05'), [[1, 999_999_00]]);
    const creditoA = await ventaCredito(a, 80_000_00);
    const creditoB = await ventaCredito(b, 20_000_00);
    const creditoC = await ventaCredito(c, 20_000_00);
    // Credit payments today (one annulled) and yesterday; store C's is not listed.
    await abonar(a, creditoA.id, [[1, 10_000_00], [7, 5_000_00]]);
    const anulado = await abonar(a, creditoA.id, [[1, 3_000_00]]);
    expect((await llamar('PUT', `/api/creditos/abonos/${anulado}/anular`, superAdmin.token, undefined, a)).statusCode).toBe(200);
    abonos.at(-1)!.anulado = true;
    await abonar(b, creditoB.id, [[4, 7_000_00]]);
    await abonar(c, creditoC.id, [[1, 1_000_00]]);
    await abonar(a, creditoA.id, [[1, 4_000_00]], ayer);
    // Advances: cash and card, one annulled, one of yesterday.
    await anticipo(a, 1, 8_000_00);
    await anticipo(b, 2, 4_000_00);
    const anticipoAnulado = await anticipo(a, 1, 2_000_00);
    expect((await llamar('PUT', `/api/anticipos/movimientos/${anticipoAnulado}/anular`, superAdmin.token, undefined, a)).statusCode).toBe(200);
    anticipos.at(-1)!.anulado = true;
    await anticipo(a, 1, 6_000_00, ayer);
    // Expenses and income, with their responsible user.
    for (const [tienda, forma, centavos, dia] of [
      [a, 1, 6_000_00, hoy],
      [a, 4, 9_000_00, hoy],
      [b, 1, 1_500_50, hoy],
      [c, 1, 50_00, hoy],
      [a, 1, 999_00, ayer],
    ] as const) {
      const id = await crearEgreso(entorno.db, { codigo_tienda: tienda, forma_pago_id: forma, valor: pesos(centavos), fecha: dia, usuario_responsable: cajera.id });
      egresos.push({ id, tienda, forma, centavos, dia });
    }
    for (const [tienda, forma, centavos, dia] of [
      [a, 1, 2_500_00, hoy],
      [b, 7, 1_000_00, hoy],
      [a, 1, 333_00, ayer],
    ] as const) {
      const id = await crearIngreso(entorno.db, { codigo_tienda: tienda, forma_pago_id: forma, valor: pesos(centavos), fecha: dia, usuario_responsable: cajera.id });
      ingresos.push({ id, tienda, forma, centavos, dia });
    }
    // Supplier payments: part cash in A, transfer in B, a deleted one, an invoice not paid yet, and store C.
    for (const [tienda, dia, formas, eliminado, gestion] of [
      [a, hoy, [[1, 10_000_00], [4, 1_180_000_00]], false, false],
      [b, hoy, [[4, 1_190_000_00]], false, false],
      [a, hoy, [[1, 1_190_000_00]], true, false],
      [a, null, [], false, true],
      [c, hoy, [[1, 1_190_000_00]], false, false],
    ] as [string, string | null, [number, number][], boolean, boolean][]) {
      const pago = await crearPagoProveedor(entorno.db, {
        codigo_tienda: tienda,
        fecha_pago: dia,
        fecha_factura: dia ?? hoy,
        gestion_factura: gestion,
        eliminado,
        formas: formas.map(([forma, centavos]) => ({ forma_pago_id: forma, valor_pagado: pesos(centavos), codigo_comprobante_pago: forma === 1 ? null : 'PP-1' })),
      });
      pagos.push({ id: pago.id, tienda, dia, eliminado, formas: formas.map(([forma, centavos]) => ({ tienda, forma, centavos })) });
    }
    datos = await cuadre(hoy);
  });

  const listadas = () => [A.codigo_tienda, B.codigo_tienda];
  const delDia = <T extends { tienda: string; dia: string | null }>(filas: T[]) => filas.filter((f) => f.dia === hoy && listadas().includes(f.tienda));
  // Billed or received that day, annulled later or not: their day keeps them.
  const ventasDia = () => delDia(ventas);
  const abonosDia = () => delDia(abonos);
  const anticiposDia = () => delDia(anticipos);
  const pagosDia = () => delDia(pagos).filter((p) => !p.eliminado);
  const entradas = () => [...ventasDia(), ...abonosDia(), ...anticiposDia()];
  // Annulled through the routes today (all of this file's annulments run today): money given back today.
  const devueltas = () => [...abonosDia(), ...anticiposDia()].filter((l) => l.anulado);
  const neto = (filas: Linea[], devueltasFilas: Linea[]) =>
    sumar(filas.filter((e) => ingresa(e.forma)).map((e) => e.centavos)) - sumar(devueltasFilas.map((d) => d.centavos));

  const efectivo = (filas: Linea[]) => sumar(filas.filter((f) => f.forma === 1).map((f) => f.centavos));
  /** A store's drawer: its cash received and income, less its cash refunds, cash expenses and cash supplier payments. */
  const cajaDe = (tienda: string) => {
    const de = <T extends { tienda: string }>(filas: T[]) => filas.filter((f) => f.tienda === tienda);
    return (
      efectivo(de(entradas())) - efectivo(de(devueltas())) + efectivo(de(delDia(ingresos))) - efectivo(de(delDia(egresos))) - efectivo(de(pagosDia()).flatMap((p) => p.formas))
    );
  };

  it('answers the day total: money received by sales, credit payments and advances (Crédito and Anticipo apart), less refunds', () => {
    expect(datos.tiendas_cuadre).toEqual(listadas());
    expect(datos.total_dia).toBe(pesos(neto(entradas(), devueltas())));
    expect(datos.lista_tiendas).toEqual(
      [A, B].map((t) => ({
        codigo_tienda: t.codigo_tienda,
        nombre_tienda: t.nombre_tienda,
        total_dia: pesos(neto(entradas().filter((e) => e.tienda === t.codigo_tienda), devueltas().filter((d) => d.tienda === t.codigo_tienda))),
        total_efectivo: pesos(cajaDe(t.codigo_tienda)),
      })),
    );
  });

  it('answers one drawer per store, each with its own cash only, and their sum apart as the sum', () => {
    const [cajaA, cajaB] = [cajaDe(A.codigo_tienda), cajaDe(B.codigo_tienda)];
    // Both stores moved cash that day, and differently: adding them into one drawer would tell neither.
    expect(cajaA).not.toBe(0);
    expect(cajaB).not.toBe(0);
    expect(cajaA).not.toBe(cajaB);
    expect(datos.lista_tiendas.map((t) => [t.codigo_tienda, t.total_efectivo])).toEqual([
      [A.codigo_tienda, pesos(cajaA)],
      [B.codigo_tienda, pesos(cajaB)],
    ]);
    const esperado =
      efectivo(entradas()) - efectivo(devueltas()) + efectivo(delDia(ingresos)) - efectivo(delDia(egresos)) - efectivo(pagosDia().flatMap((p) => p.formas));
    expect(cajaA + cajaB).toBe(esperado);
    expect(datos.total_efectivo).toBe(pesos(esperado));
  });

  it("answers the day's refunds by method and one by one, with who gave them back", () => {
    expect(datos.lista_devoluciones_formas_pagos.map((f) => [f.forma_pago_id, f.valor_pagado])).toEqual([[1, pesos(sumar(devueltas().map((d) => d.centavos)))]]);
    expect(datos.total_devoluciones).toBe(pesos(sumar(devueltas().map((d) => d.centavos))));
    expect(datos.lista_devoluciones.map((d) => [d.codigo_tienda, d.origen, d.forma_pago_id, d.valor, d.usuario_id, d.fecha])).toEqual([
      [A.codigo_tienda, 'pago_credito', 1, 3_000, superAdmin.id, hoy],
      [A.codigo_tienda, 'anticipo', 1, 2_000, superAdmin.id, hoy],
    ]);
  });

  it('answers the sales by store and method (the annulled one too), each flagged with whether it brings money, and the annulled sale said apart', () => {
    const claves = [...new Set(ventasDia().map((v) => `${v.tienda}|${v.forma}`))].sort();
    expect(datos.lista_ventas_formas_pagos.map((f) => [f.codigo_tienda, f.forma_pago_id, f.valor_pagado, f.ingresa_dinero])).toEqual(
      claves.map((clave) => {
        const [tienda, forma] = clave.split('|') as [string, string];
        const filas = ventasDia().filter((v) => v.tienda === tienda && v.forma === Number(forma));
        return [tienda, Number(forma), pesos(sumar(filas.map((f) => f.centavos))), ingresa(Number(forma))];
      }),
    );
    expect(datos.lista_ventas_formas_pagos.filter((f) => !f.ingresa_dinero).map((f) => f.forma_pago_id)).toEqual([8]);
    const anuladas = delDia(ventas).filter((v) => v.estado === 3);
    expect(datos.anuladas).toEqual({ cantidad: 1, total: pesos(sumar(anuladas.map((v) => v.centavos))) });
  });

  it('answers the credit payments by method and line, and the advances by method', () => {
    const porForma = (filas: Linea[]) =>
      [...new Set(filas.map((f) => f.forma))].sort((x, y) => x - y).map((forma) => [forma, pesos(sumar(filas.filter((f) => f.forma === forma).map((f) => f.centavos)))]);
    expect(datos.lista_abonos_credito_formas_pagos.map((f) => [f.forma_pago_id, f.valor_pagado])).toEqual(porForma(abonosDia()));
    expect(datos.lista_abonos_credito.map((l) => [l.codigo_tienda, l.forma_pago_id, l.valor_pagado])).toEqual(abonosDia().map((l) => [l.tienda, l.forma, pesos(l.centavos)]));
    expect(datos.lista_anticipos_formas_pagos.map((f) => [f.forma_pago_id, f.valor_pagado])).toEqual(porForma(anticiposDia()));
  });

  it('lists the expenses and income of the listed stores with their responsible user', () => {
    expect(datos.lista_egreso.map((e) => [e.id, e.codigo_tienda, e.forma_pago_id, e.valor_egreso, e.nombre_usuario])).toEqual(
      delDia(egresos).map((e) => [e.id, e.tienda, e.forma, pesos(e.centavos), 'Cajera Principal']),
    );
    expect(datos.lista_ingreso.map((e) => [e.id, e.codigo_tienda, e.forma_pago_id, e.valor_ingreso, e.fecha_ingreso])).toEqual(
      delDia(ingresos).map((e) => [e.id, e.tienda, e.forma, pesos(e.centavos), hoy]),
    );
    expect(datos.lista_egreso[0]).toMatchObject({ nombre_forma_pago: 'Efectivo', descripcion_egreso: 'Egreso de prueba', fecha_egreso: hoy });
  });

  it('lists the supplier payments paid that day, deleted and unpaid ones left out', () => {
    expect(datos.lista_pagos_proveedores.map((p) => p.id)).toEqual(pagosDia().map((p) => p.id));
    expect(datos.lista_pagos_proveedores[0]!.formas_pago.map((f) => [f.forma_pago_id, f.valor_pagado])).toEqual(
      pagosDia()[0]!.formas.map((f) => [f.forma, pesos(f.centavos)]),
    );
  });

  it('answers yesterday with its own documents only', async () => {
    const deAyer = await cuadre(ayer);
    const lineasAyer = [...ventas, ...abonos, ...anticipos].filter((l) => l.dia === ayer && listadas().includes(l.tienda) && ingresa(l.forma));
    expect(deAyer.total_dia).toBe(pesos(sumar(lineasAyer.map((l) => l.centavos))));
    expect(deAyer.lista_egreso.map((e) => e.id)).toEqual(egresos.filter((e) => e.dia === ayer).map((e) => e.id));
  });

  it('shows the stores the parameter lists: one store, or 001 and 002 when the parameter is blank', async () => {
    await fijarTiendas(B.codigo_tienda);
    const soloB = await cuadre(hoy);
    expect(soloB.tiendas_cuadre).toEqual([B.codigo_tienda]);
    expect(soloB.lista_tiendas.map((t) => t.codigo_tienda)).toEqual([B.codigo_tienda]);
    expect(soloB.lista_egreso.every((e) => e.codigo_tienda === B.codigo_tienda)).toBe(true);
    await fijarTiendas(' ');
    const porDefecto = await cuadre(hoy);
    expect(porDefecto.tiendas_cuadre).toEqual(['001', '002']);
    expect(porDefecto).toMatchObject({ total_dia: 0, total_efectivo: 0, lista_tiendas: [], lista_egreso: [] });
    await fijarTiendas(`${A.codigo_tienda},${B.codigo_tienda}`);
  });
});
