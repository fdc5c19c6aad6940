import { calcularPrecioRetal, GRUPOS_SERVICIO, hoyNegocio, type Optimizacion, type OptimizarEntrada, type RetalMedidas } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearImpuesto,
  crearMaquina,
  crearParametro,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  cuerpoFacturar,
  cuerpoGuardarVenta,
  headers,
  type LineaCuerpoVenta,
  type RolNoSuperAdmin,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// The offcut inventory through the sale (docs/decisions-retales.md): a plan's leftovers kept when it is cut, a later
// plan that uses one, its reservation, consumption, discards and annulment, two bills racing for one offcut, an offcut
// line, and the savings report.
const entorno = usarEntorno({ presupuestoCorteMs: 60 });
const EFECTIVO = 1;
const PRECIO = 200_000;
const REFERENCIA = 'MEL-GRIS-18';
const PRECIOS_RETAL = { pieza: '48000', canto_rigido: '2500', canto_flexible: '3800' };

let tienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let porRol: Record<RolNoSuperAdmin, UsuarioConSesion>;
let tablero: number;
let productoRetal: number;
let cliente: number;
let operario: number;
let maquina: number;

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  ({ superAdmin, porRol } = await crearUsuariosPorRol(app, db, tienda.codigo_tienda));
  const base = { impuesto_id: (await crearImpuesto(db, { porcentaje_impuesto: 0 })).id, proveedor_id: (await crearProveedor(db)).id };
  tablero = (
    await crearProducto(db, { ...base, referencia: REFERENCIA, nombre_producto: 'Melamina gris 18 mm', grupo_id: 1, linea_id: 1, tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: PRECIO }] })
  ).id;
  await db.updateTable('producto').set({ medida_largo: 2440, medida_ancho: 2150 }).where('id', '=', tablero).execute();
  productoRetal = (await crearProducto(db, { ...base, referencia: 'RETAL', nombre_producto: 'Retal de tablero', precio_unitario: 0 })).id;
  await crearParametro(db, { codigo_parametro: 'VALOR_BASE_PIEZA', valor_parametro: PRECIOS_RETAL.pieza });
  await crearParametro(db, { codigo_parametro: 'VALOR_BASE_CANTO_RIGIDO', valor_parametro: PRECIOS_RETAL.canto_rigido });
  await crearParametro(db, { codigo_parametro: 'VALOR_BASE_CANTO_FLEXIBLE', valor_parametro: PRECIOS_RETAL.canto_flexible });
  cliente = (await crearTercero(db)).id;
  operario = (await crearTercero(db, { tipo_tercero: 'OP', nombres: 'Óscar', apellidos: 'Operario' })).id;
  maquina = (await crearMaquina(db, { grupo_servicio_id: GRUPOS_SERVICIO.CORTE })).id;
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RR', numero_hasta: 100_000 });
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, usuario: UsuarioConSesion, payload?: unknown) =>
  entorno.app.inject({ method, url: `/api/${url}`, headers: headers(usuario.token, tienda.codigo_tienda), ...(payload === undefined ? {} : { payload: payload as object }) });
async function ok<T>(respuesta: Awaited<ReturnType<typeof llamar>>): Promise<T> {
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data as T;
}

const PARAMETROS = { desp_sierra: 5, desp_tapacantos: 60, base: 2440, altura: 2150, refilado_x: 20, refilado_y: 20 };
const optimizar = async (piezas: OptimizarEntrada['piezas'], retales: OptimizarEntrada['retales'] = []) =>
  (
    await ok<{ optimizacion: Optimizacion }>(
      await llamar('POST', 'facturas/optimizar', porRol.Vendedor, { referencia: REFERENCIA, despiece_retales: retales.length > 0, canto: false, modo_etiquetas: 2, parametros: PARAMETROS, piezas, retales }),
    )
  ).optimizacion;

/** Saves an order of the plan's boards (state 1) through the order form's route; answers the sale's id. */
const guardarConPlan = async (plan: Optimizacion, extra: LineaCuerpoVenta[] = []) =>
  (
    await ok<{ venta_id: number }>(
      await llamar('POST', 'facturas/guardar', porRol.Vendedor, cuerpoGuardarVenta({
        tercero_id: cliente,
        lineas: [{ producto_id: tablero, cantidad_solicitada: plan.planilla.cant_placas, precio_unitario: PRECIO, porcentaje_impuesto: 0, item: 1, lepton: { optimizacion: plan } }, ...extra],
      })),
    )
  ).venta_id;
const totalDe = async (ventaId: number) => Number((await entorno.db.selectFrom('venta').select('total_venta').where('id', '=', ventaId).executeTakeFirstOrThrow()).total_venta);
const facturar = async (ventaId: number) => llamar('POST', `facturas/${ventaId}/forma-pago`, superAdmin, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: await totalDe(ventaId) }]));
const retalesDeVenta = (ventaId: number) => entorno.db.selectFrom('retal').selectAll().where('venta_origen_id', '=', ventaId).orderBy('id').execute();
const retal = (id: number) => entorno.db.selectFrom('retal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tipos = async (id: number) => (await entorno.db.selectFrom('retal_movimiento').select('tipo').where('retal_id', '=', id).orderBy('id').execute()).map((m) => m.tipo);
/** The plan's leftovers the store keeps (both sides at least 200 mm), in the plan's order. */
const sobrantes = (plan: Optimizacion) => plan.tableros.flatMap((g) => Array.from({ length: g.cantidad }, () => g.retales_aprovechables.filter((r) => Math.min(r.base, r.altura) >= 200)).flat());

/** Two boards' worth of pieces filling a board, plus a 300 × 300 that needs a second board unless an offcut takes it. */
const LISTA_AHORRO: OptimizarEntrada['piezas'] = [
  { cantidad: 2, base: 1190, altura: 2100, rotacion: false, descripcion: 'Costado' },
  { cantidad: 1, base: 300, altura: 300, rotacion: false, descripcion: 'Tapa' },
];

let offcutsA: Awaited<ReturnType<typeof retalesDeVenta>>;

describe('a plan billed without an OP keeps its leftovers', () => {
  it('(a) creates one DISPONIBLE offcut R{plan}-{board}{letter} per leftover of at least 200 mm, once', async () => {
    const plan = await optimizar([{ cantidad: 1, base: 2000, altura: 1000, rotacion: false, descripcion: 'Mesón' }]);
    const esperados = sobrantes(plan);
    expect(esperados.length).toBeGreaterThanOrEqual(2);
    const ventaId = await guardarConPlan(plan);
    const previstos = await ok<{ cortada: boolean; retales: { estado: string; codigo: string }[] }>(await llamar('GET', `retales/venta/${ventaId}`, porRol.Operario));
    expect(previstos.cortada).toBe(false);
    expect(previstos.retales.every((r) => r.estado === 'PREVISTO')).toBe(true);
    expect((await facturar(ventaId)).statusCode).toBe(200);
    offcutsA = await retalesDeVenta(ventaId);
    expect(offcutsA.map((r) => [r.estado, r.origen, r.producto_id, r.optimizacion_id])).toEqual(esperados.map(() => ['DISPONIBLE', 'CORTE', tablero, plan.id]));
    expect(offcutsA.map((r) => r.codigo)).toEqual(previstos.retales.map((r) => r.codigo));
    expect(offcutsA[0]!.codigo).toBe(`R${plan.id}-1A`);
    expect(await tipos(offcutsA[0]!.id)).toEqual(['ALTA_CORTE']);
    const despues = await ok<{ cortada: boolean; retales: { estado: string; retal_id: number | null }[] }>(await llamar('GET', `retales/venta/${ventaId}`, porRol.Operario));
    expect(despues).toMatchObject({ cortada: true });
    expect(despues.retales.map((r) => r.retal_id)).toEqual(offcutsA.map((r) => r.id));
    // The plan's labels print the leftovers' labels too.
    const etiquetas = await entorno.app.inject({ method: 'GET', url: plan.planilla.url_labels });
    expect(etiquetas.statusCode).toBe(200);
  });
});

describe('a later plan that uses a kept offcut', () => {
  let ventaB: number;
  let usado: number;
  let planB: Optimizacion;
  let guardadosB = 0;

  it('(b) the optimizer uses it, measures it from the inventory and counts the board it saves', async () => {
    const mayor = [...offcutsA].sort((x, y) => y.base * y.altura - x.base * x.altura)[0]!;
    usado = mayor.id;
    // The measures sent are ignored: the inventory's are used.
    planB = await optimizar(LISTA_AHORRO, [{ retal_id: usado, cantidad: 1, base: 9999, altura: 9999, descripcion: '' }]);
    expect(planB.retales_usados).toEqual([{ retal_id: usado, codigo: mayor.codigo, base: mayor.base, altura: mayor.altura }]);
    expect(planB.planilla.cant_placas).toBe(1);
    expect(planB.placas_sin_retales).toBe(2);
    expect(await entorno.db.selectFrom('optimizacion_retal').selectAll().where('optimizacion_id', '=', planB.id).execute()).toEqual([{ optimizacion_id: planB.id, retal_id: usado }]);
    const planos = await entorno.app.inject({ method: 'GET', url: planB.planilla.url_planos });
    expect(planos.statusCode).toBe(200);
  });

  it('(b) billing with an OP reserves it; the Corte stage consumes it and keeps the leftovers but the discarded one', async () => {
    ventaB = await guardarConPlan(planB);
    expect((await llamar('POST', 'produccion/generar-orden', superAdmin, { venta_id: ventaB })).statusCode).toBe(200);
    expect((await facturar(ventaB)).statusCode).toBe(200);
    expect(await retal(usado)).toMatchObject({ estado: 'RESERVADO', venta_uso_id: ventaB });
    expect(await tipos(usado)).toEqual(['ALTA_CORTE', 'RESERVA']);
    expect(await retalesDeVenta(ventaB)).toEqual([]);

    const previstos = await ok<{ retales: { clave: string }[]; usados: { id: number; estado: string }[] }>(await llamar('GET', `retales/venta/${ventaB}`, porRol.Operario));
    expect(previstos.usados).toMatchObject([{ id: usado, estado: 'RESERVADO' }]);
    expect(previstos.retales.length).toBeGreaterThanOrEqual(1);
    const orden = await entorno.db.selectFrom('produccion_venta').select('id').where('venta_id', '=', ventaB).executeTakeFirstOrThrow();
    const corte = await entorno.db
      .selectFrom('produccion_venta_etapa')
      .select('id')
      .where('produccion_venta_id', '=', orden.id)
      .where('grupo_servicio_id', '=', GRUPOS_SERVICIO.CORTE)
      .executeTakeFirstOrThrow();
    expect((await llamar('POST', 'produccion/proceso-etapa-orden', superAdmin, { orden_produccion_id: orden.id })).statusCode).toBe(200);
    expect((await llamar('POST', 'produccion/iniciar-etapa', porRol.Operario, { orden_etapa_id: corte.id, maquina_id: maquina, operario_id: operario })).statusCode).toBe(200);
    const desconocida = await llamar('POST', 'produccion/parar-finalizar-etapa', porRol.Operario, { produccion_etapa_id: corte.id, retales_descartados: ['1:1:9'] });
    expect(desconocida.statusCode).toBe(422);
    expect(desconocida.json().errors.retales_descartados).toBeDefined();
    const descartada = previstos.retales[0]!.clave;
    const fin = await llamar('POST', 'produccion/parar-finalizar-etapa', porRol.Operario, { produccion_etapa_id: corte.id, retales_descartados: [descartada] });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(await retal(usado)).toMatchObject({ estado: 'CONSUMIDO', venta_uso_id: ventaB });
    const guardados = await retalesDeVenta(ventaB);
    guardadosB = guardados.length;
    expect(guardados).toHaveLength(previstos.retales.length);
    expect(guardados.filter((r) => r.estado === 'DESCARTADO')).toHaveLength(1);
    expect(await tipos(guardados.find((r) => r.estado === 'DESCARTADO')!.id)).toEqual(['ALTA_CORTE', 'DESCARTE']);
  });

  it('(e) the savings report counts the plan, the offcut, its m² and the board it saved at the board\'s price', async () => {
    const mes = hoyNegocio().slice(0, 7);
    const ahorro = await ok<{ meses: { mes: string }[]; total: Record<string, number> }>(await llamar('GET', `retales/ahorro?desde=${mes}&hasta=${mes}`, porRol.Bodega));
    const area = Math.round(((await retal(usado)).base * (await retal(usado)).altura) / 1_000) / 1_000;
    expect(ahorro.meses).toEqual([{ mes, planes: 1, retales_usados: 1, area_m2: area, tableros_ahorrados: 1, valor: PRECIO }]);
    expect(ahorro.total).toEqual({ planes: 1, retales_usados: 1, area_m2: area, tableros_ahorrados: 1, valor: PRECIO });
  });

  it('(b) annulling the sale gives the offcut back DISPONIBLE; the ones its cut kept stay', async () => {
    const anulada = await llamar('PUT', `facturas/${ventaB}/anular`, superAdmin, { concepto_nota: '2', motivo: 'Cliente desiste' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(await retal(usado)).toMatchObject({ estado: 'DISPONIBLE', venta_uso_id: null });
    expect(await tipos(usado)).toEqual(['ALTA_CORTE', 'RESERVA', 'CONSUMO', 'DEVOLUCION']);
    expect((await retalesDeVenta(ventaB)).map((r) => r.estado).sort()).toEqual(['DESCARTADO', ...Array(guardadosB - 1).fill('DISPONIBLE')]);
    const mes = hoyNegocio().slice(0, 7);
    const ahorro = await ok<{ total: { planes: number } }>(await llamar('GET', `retales/ahorro?desde=${mes}&hasta=${mes}`, porRol.Bodega));
    expect(ahorro.total.planes).toBe(0);
  });
});

describe('two orders, one offcut', () => {
  it('(c) billed at once: one 200, one 409 RETAL_NO_DISPONIBLE naming it, one RESERVA, no deadlock', async () => {
    const disputado = offcutsA.find((r) => r.id !== offcutsA[0]!.id) ?? offcutsA[0]!;
    const ventas: number[] = [];
    const planes: Optimizacion[] = [];
    for (let n = 0; n < 2; n++) {
      const plan = await optimizar(LISTA_AHORRO, [{ retal_id: disputado.id, cantidad: 1, base: disputado.base, altura: disputado.altura, descripcion: '' }]);
      expect(plan.retales_usados.map((r) => r.retal_id)).toEqual([disputado.id]);
      const ventaId = await guardarConPlan(plan);
      expect((await llamar('POST', 'produccion/generar-orden', superAdmin, { venta_id: ventaId })).statusCode).toBe(200);
      ventas.push(ventaId);
      planes.push(plan);
    }
    const respuestas = await Promise.all(ventas.map((id) => facturar(id)));
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const perdedora = respuestas.find((r) => r.statusCode === 409)!;
    expect(perdedora.json()).toMatchObject({ code: 'RETAL_NO_DISPONIBLE' });
    expect(perdedora.json().message).toContain(disputado.codigo);
    const reservas = await entorno.db.selectFrom('retal_movimiento').select('venta_id').where('retal_id', '=', disputado.id).where('tipo', '=', 'RESERVA').where('venta_id', 'in', ventas).execute();
    expect(reservas).toEqual([{ venta_id: ventas[respuestas.findIndex((r) => r.statusCode === 200)] }]);
    // Saving the losing order again is refused too: its plan names an offcut another sale holds.
    const n = respuestas.indexOf(perdedora);
    const { version } = await entorno.db.selectFrom('venta').select('version').where('id', '=', ventas[n]!).executeTakeFirstOrThrow();
    const linea: LineaCuerpoVenta = { producto_id: tablero, cantidad_solicitada: planes[n]!.planilla.cant_placas, precio_unitario: PRECIO, porcentaje_impuesto: 0, item: 1, lepton: { optimizacion: planes[n] } };
    const otraVez = await llamar('POST', 'facturas/guardar', porRol.Vendedor, cuerpoGuardarVenta({ tercero_id: cliente, venta_id: ventas[n]!, version, lineas: [linea] }));
    expect(otraVez.statusCode, otraVez.body).toBe(409);
    expect(otraVez.json()).toMatchObject({ code: 'RETAL_NO_DISPONIBLE' });
  });
});

describe('an offcut line that sells a kept offcut', () => {
  it('(d) must match the offcut\'s size; billing consumes it', async () => {
    const id = (await ok<{ id: number }>(await llamar('POST', 'retales', porRol.Bodega, { producto_id: tablero, base: 600, altura: 400 }))).id;
    const medidas: RetalMedidas = { base: 400, altura: 600, tipo_canto: 0, lados: { superior: false, inferior: false, izquierdo: false, derecho: false }, retal_id: id };
    const precio = calcularPrecioRetal({ ...medidas, precios: PRECIOS_RETAL }).total;
    const linea = (retalMedidas: RetalMedidas): LineaCuerpoVenta => ({ producto_id: productoRetal, cantidad_solicitada: 1, precio_unitario: precio, porcentaje_impuesto: 0, retal: retalMedidas });
    const otraMedida = { ...medidas, base: 500 };
    const precioOtra = calcularPrecioRetal({ ...otraMedida, precios: PRECIOS_RETAL }).total;
    const mal = await llamar('POST', 'facturas/guardar', porRol.Vendedor, cuerpoGuardarVenta({ tercero_id: cliente, lineas: [{ ...linea(otraMedida), precio_unitario: precioOtra }] }));
    expect(mal.statusCode).toBe(409);
    expect(mal.json()).toMatchObject({ code: 'RETAL_NO_CORRESPONDE' });
    const ventaId = (await ok<{ venta_id: number }>(await llamar('POST', 'facturas/guardar', porRol.Vendedor, cuerpoGuardarVenta({ tercero_id: cliente, lineas: [linea(medidas)] })))).venta_id;
    expect((await facturar(ventaId)).statusCode).toBe(200);
    expect(await retal(id)).toMatchObject({ estado: 'CONSUMIDO', venta_uso_id: ventaId });
    expect(await tipos(id)).toEqual(['ALTA_MANUAL', 'CONSUMO']);
  });

  it('(d) one offcut in two lines of one order is refused naming it, and nothing is saved', async () => {
    const retalId = (await ok<{ id: number }>(await llamar('POST', 'retales', porRol.Bodega, { producto_id: tablero, base: 700, altura: 450 }))).id;
    const { codigo } = await retal(retalId);
    const medidas: RetalMedidas = { base: 700, altura: 450, tipo_canto: 0, lados: { superior: false, inferior: false, izquierdo: false, derecho: false }, retal_id: retalId };
    const linea: LineaCuerpoVenta = { producto_id: productoRetal, cantidad_solicitada: 1, precio_unitario: calcularPrecioRetal({ ...medidas, precios: PRECIOS_RETAL }).total, porcentaje_impuesto: 0, retal: medidas };
    const ventasAntes = await entorno.db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const respuesta = await llamar('POST', 'facturas/guardar', porRol.Vendedor, cuerpoGuardarVenta({ tercero_id: cliente, lineas: [linea, { ...linea, item: 2 }] }));
    expect(respuesta.statusCode, respuesta.body).toBe(409);
    expect(respuesta.json()).toMatchObject({ code: 'RETAL_REPETIDO', message: `El retal ${codigo} está dos veces en la venta: úselo en una sola línea o en un solo corte` });
    expect(await entorno.db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(ventasAntes);
    expect(await retal(retalId)).toMatchObject({ estado: 'DISPONIBLE', venta_uso_id: null });
    expect(await tipos(retalId)).toEqual(['ALTA_MANUAL']);
    // The same line once is an order.
    expect((await llamar('POST', 'facturas/guardar', porRol.Vendedor, cuerpoGuardarVenta({ tercero_id: cliente, lineas: [linea] }))).statusCode).toBe(200);
  });
});

describe('a quotation whose plan uses a kept offcut', () => {
  it('converts while the offcut is free; once another sale takes it, the conversion is refused naming it and creates nothing', async () => {
    const cotizarCon = async (retalId: number) => {
      const fila = await retal(retalId);
      const plan = await optimizar(LISTA_AHORRO, [{ retal_id: fila.id, cantidad: 1, base: fila.base, altura: fila.altura, descripcion: '' }]);
      expect(plan.retales_usados.map((r) => r.retal_id)).toEqual([fila.id]);
      const linea: LineaCuerpoVenta = { producto_id: tablero, cantidad_solicitada: plan.planilla.cant_placas, precio_unitario: PRECIO, porcentaje_impuesto: 0, item: 1, lepton: { optimizacion: plan } };
      const cotizacion = (await ok<{ venta_id: number }>(await llamar('POST', 'facturas/guardar', porRol.Vendedor, cuerpoGuardarVenta({ tercero_id: cliente, lineas: [linea], estado_venta_id: 7 })))).venta_id;
      return { plan, cotizacion };
    };
    const convertir = async (cotizacion: number) => {
      const vista = await ok<{ total_cotizado: number }>(await llamar('GET', `cotizaciones/${cotizacion}/conversion`, porRol.Vendedor));
      return llamar('POST', `cotizaciones/${cotizacion}/convertir`, porRol.Vendedor, { precios: 'cotizados', total_venta: vista.total_cotizado });
    };
    const libre = (await ok<{ id: number }>(await llamar('POST', 'retales', porRol.Bodega, { producto_id: tablero, base: 1000, altura: 800 }))).id;
    const aceptada = await cotizarCon(libre);
    expect((await convertir(aceptada.cotizacion)).statusCode).toBe(200);

    const tomado = (await ok<{ id: number }>(await llamar('POST', 'retales', porRol.Bodega, { producto_id: tablero, base: 1000, altura: 800 }))).id;
    const { plan, cotizacion } = await cotizarCon(tomado);
    // Another order uses the same offcut and is billed first: it holds it.
    const otra = await guardarConPlan(plan);
    expect((await llamar('POST', 'produccion/generar-orden', superAdmin, { venta_id: otra })).statusCode).toBe(200);
    expect((await facturar(otra)).statusCode).toBe(200);
    expect(await retal(tomado)).toMatchObject({ estado: 'RESERVADO', venta_uso_id: otra });
    const pedidosAntes = await entorno.db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).where('cotizacion_id', '=', cotizacion).executeTakeFirstOrThrow();
    const rechazada = await convertir(cotizacion);
    expect(rechazada.statusCode, rechazada.body).toBe(409);
    expect(rechazada.json()).toMatchObject({ code: 'RETAL_NO_DISPONIBLE' });
    expect(rechazada.json().message).toContain((await retal(tomado)).codigo);
    const pedidosDespues = await entorno.db.selectFrom('venta').select((eb) => eb.fn.countAll<string>().as('n')).where('cotizacion_id', '=', cotizacion).executeTakeFirstOrThrow();
    expect(pedidosDespues.n).toBe(pedidosAntes.n);
    expect(await entorno.db.selectFrom('venta').select('convertida_en').where('id', '=', cotizacion).executeTakeFirstOrThrow()).toEqual({ convertida_en: null });
    expect(await retal(tomado)).toMatchObject({ estado: 'RESERVADO', venta_uso_id: otra });
  });
});
