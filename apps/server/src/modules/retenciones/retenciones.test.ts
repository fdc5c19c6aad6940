import ExcelJS from 'exceljs';
import { hoyNegocio } from '@tablero/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarEntorno } from '../../../test/app';
import {
  crearCuentaCredito,
  crearImpuesto,
  crearProducto,
  crearProveedor,
  crearRangoNumeracion,
  crearTercero,
  crearTienda,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';

// Withholdings customers practise on our sales (docs/decisions-retenciones.md): settings, proposal, billing (cash and
// credit), the credit payment, annulment and the monthly report, through the real app and PostgreSQL.
const entorno = usarEntorno();

let tienda: TiendaPrueba;
let otraTienda: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let cajero: UsuarioConSesion;
let bodega: UsuarioConSesion;
let tablero: { id: number };
const hoy = hoyNegocio();
const EFECTIVO = 1;
const CREDITO = 6;
// 1 board of 1,000,000 + IVA 19 %: base 1,000,000, IVA 190,000, total 1,190,000.
const AGENTE = { agente_retencion: true, concepto_retefuente: 'COMPRAS', aplica_reteiva: true, tarifa_reteica_por_mil: 11.04 };
const RETEFUENTE = { tipo: 'RETEFUENTE', concepto: 'COMPRAS', base: 1_000_000, tarifa: 2.5, valor: 25_000 };
const RETEIVA = { tipo: 'RETEIVA', concepto: null, base: 190_000, tarifa: 15, valor: 28_500 };

const llamar = (metodo: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: unknown, codigo: string | null = tienda.codigo_tienda) =>
  entorno.app.inject({ method: metodo, url, headers: token ? headers(token, codigo ?? undefined) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  const { app, db } = entorno;
  tienda = await crearTienda(db);
  otraTienda = await crearTienda(db);
  const usuarios = await crearUsuariosPorRol(app, db, tienda.codigo_tienda);
  superAdmin = usuarios.superAdmin;
  cajero = usuarios.porRol.Vendedor;
  bodega = usuarios.porRol.Bodega;
  const proveedor = await crearProveedor(db);
  const iva = await crearImpuesto(db, { porcentaje_impuesto: 19 });
  tablero = await crearProducto(db, {
    impuesto_id: iva.id,
    proveedor_id: proveedor.id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 1_000_000,
    tiendas: [{ codigo_tienda: tienda.codigo_tienda, cantidad: 1000, precio_unitario: 1_000_000 }],
  });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RRT', numero_desde: 1, numero_hasta: 10_000 });
  await crearRangoNumeracion(db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FRT', numero_desde: 1, numero_hasta: 10_000 });
});

async function clienteAgente(config: object = AGENTE) {
  const cliente = await crearTercero(entorno.db);
  const r = await llamar('PUT', `/api/retenciones/terceros/${cliente.id}`, superAdmin.token, config);
  expect(r.statusCode, r.body).toBe(200);
  return cliente;
}

async function venta(clienteId: number, precio = 1_000_000, codigoTienda = tienda.codigo_tienda) {
  return crearVentaConLineas(entorno.db, {
    codigo_tienda: codigoTienda,
    cliente_id: clienteId,
    vendedor_id: cajero.id,
    lineas: [{ producto_id: tablero.id, cantidad: 1, precio_unitario: precio, porcentaje_impuesto: 19 }],
  });
}

const retencionesDe = (ventaId: number) =>
  entorno.db.selectFrom('retencion_venta').select(['tipo', 'concepto', 'base', 'tarifa', 'valor', 'momento', 'anulada', 'cuenta_credito_movimiento_id']).where('venta_id', '=', ventaId).orderBy('id').execute();
const movimientosDe = (ventaId: number) =>
  entorno.db.selectFrom('cuenta_credito_movimiento').select(['id', 'tipo_movimiento_credito_id', 'valor_movimiento']).where('venta_id', '=', ventaId).orderBy('id').execute();
const cuentaTotal = async (terceroId: number) =>
  (await entorno.db.selectFrom('cuenta_credito').select('total_credito').where('tercero_id', '=', terceroId).executeTakeFirstOrThrow()).total_credito;
const facturar = (ventaId: number, cuerpo: object, token = cajero.token) => llamar('POST', `/api/facturas/${ventaId}/forma-pago`, token, cuerpo);
const cuenta = async () => Number((await entorno.db.selectFrom('retencion_venta').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('retenciones/terceros/{id}', () => {
  it('401 without a token, 403 for Bodega', async () => {
    expect((await llamar('GET', '/api/retenciones/terceros/1', null)).statusCode).toBe(401);
    expect((await llamar('PUT', '/api/retenciones/terceros/1', bodega.token, AGENTE)).statusCode).toBe(403);
  });

  it('422 in Spanish for a bad concept, a NUL byte or an enormous rate; 404 for no customer', async () => {
    const cliente = await crearTercero(entorno.db);
    const mal = await llamar('PUT', `/api/retenciones/terceros/${cliente.id}`, cajero.token, { ...AGENTE, concepto_retefuente: 'COMPRAS\u0000' });
    expect(mal.statusCode).toBe(422);
    expect(mal.json().message).toBe('El texto contiene caracteres no permitidos');
    const otro = await llamar('PUT', `/api/retenciones/terceros/${cliente.id}`, cajero.token, { ...AGENTE, concepto_retefuente: 'HONORARIOS' });
    expect(otro.json().message).toBe('Debe seleccionar un concepto de retención válido');
    const ica = await llamar('PUT', `/api/retenciones/terceros/${cliente.id}`, cajero.token, { ...AGENTE, tarifa_reteica_por_mil: 2 ** 31 });
    expect(ica.statusCode).toBe(422);
    expect(ica.json().message).toBe('Debe ingresar una tarifa de ReteICA entre 0 y 100 por mil');
    expect((await llamar('PUT', `/api/retenciones/terceros/${2 ** 31}`, cajero.token, AGENTE)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await llamar('PUT', `/api/retenciones/terceros/${2 ** 31 - 1}`, cajero.token, AGENTE)).statusCode).toBe(404);
    expect(await entorno.db.selectFrom('tercero_retencion').selectAll().where('tercero_id', '=', cliente.id).execute()).toEqual([]);
  });

  it('saves and reads the settings, with its audit row; a customer never set is no agent', async () => {
    const cliente = await crearTercero(entorno.db);
    const antes = await llamar('GET', `/api/retenciones/terceros/${cliente.id}`, cajero.token);
    expect(antes.json().data.retencion.agente_retencion).toBe(false);
    const r = await llamar('PUT', `/api/retenciones/terceros/${cliente.id}`, cajero.token, AGENTE);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.retencion).toEqual(AGENTE);
    const auditoria = await entorno.db.selectFrom('auditoria').select(['modulo', 'accion']).where('tabla', '=', 'tercero_retencion').where('registro', '=', String(cliente.id)).execute();
    expect(auditoria).toEqual([{ modulo: 'retenciones', accion: 'crear' }]);
  });
});

describe('GET retenciones/propuesta/{venta_id}', () => {
  it('proposes retefuente 2.5 %, reteIVA 15 % of the IVA and reteICA 11.04 ‰ above 10 UVT; nothing below', async () => {
    const cliente = await clienteAgente();
    const grande = await venta(cliente.id);
    const r = await llamar('GET', `/api/retenciones/propuesta/${grande.id}`, cajero.token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({
      agente_retencion: true,
      base: 1_000_000,
      iva: 190_000,
      total: 1_190_000,
      retenciones: [RETEFUENTE, RETEIVA, { tipo: 'RETEICA', concepto: null, base: 1_000_000, tarifa: 1.104, valor: 11_040 }],
    });
    // 10 UVT of 2026 = 523,740: a sale of 500,000 before IVA is below it.
    const pequena = await venta(cliente.id, 500_000);
    expect((await llamar('GET', `/api/retenciones/propuesta/${pequena.id}`, cajero.token)).json().data.retenciones).toEqual([]);
  });

  it('401, 403 for Bodega, 404 for a sale of another store', async () => {
    const cliente = await clienteAgente();
    const ajena = await venta(cliente.id, 1_000_000, otraTienda.codigo_tienda);
    expect((await llamar('GET', `/api/retenciones/propuesta/${ajena.id}`, null)).statusCode).toBe(401);
    expect((await llamar('GET', `/api/retenciones/propuesta/${ajena.id}`, bodega.token)).statusCode).toBe(403);
    expect((await llamar('GET', `/api/retenciones/propuesta/${ajena.id}`, cajero.token)).statusCode).toBe(404);
  });
});

describe('billing with withholdings', () => {
  it('a cash bill: the rows add up to the total minus the withholdings, which are recorded with their audit', async () => {
    const cliente = await clienteAgente();
    const v = await venta(cliente.id);
    const completo = await facturar(v.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 1_190_000 }], { retenciones: [RETEFUENTE, RETEIVA] }));
    expect(completo.statusCode).toBe(422);
    expect(await retencionesDe(v.id)).toEqual([]);
    const r = await facturar(v.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 1_136_500 }], { retenciones: [RETEFUENTE, RETEIVA] }));
    expect(r.statusCode, r.body).toBe(200);
    expect(await retencionesDe(v.id)).toEqual([
      { tipo: 'RETEFUENTE', concepto: 'COMPRAS', base: '1000000.00', tarifa: '2.5000', valor: '25000.00', momento: 'FACTURA', anulada: false, cuenta_credito_movimiento_id: null },
      { tipo: 'RETEIVA', concepto: null, base: '190000.00', tarifa: '15.0000', valor: '28500.00', momento: 'FACTURA', anulada: false, cuenta_credito_movimiento_id: null },
    ]);
    const auditoria = await entorno.db.selectFrom('auditoria').select('accion').where('tabla', '=', 'retencion_venta').where('despues', '@>', { venta_id: v.id } as never).execute();
    expect(auditoria).toHaveLength(2);
  });

  it.each([
    ['a value above its base', [{ ...RETEIVA, valor: 190_001 }], 'retenciones.0.valor', 'El valor retenido no puede superar la base'],
    ['a reteIVA base above the IVA', [{ ...RETEIVA, base: 190_001, valor: 10 }], 'retenciones.0.base', 'La base no puede superar $ 190,000'],
    ['a type twice', [RETEFUENTE, RETEFUENTE], 'retenciones.1.tipo', 'Cada tipo de retención se registra una sola vez por documento'],
    ['retefuente without a concept', [{ ...RETEFUENTE, concepto: null }], 'retenciones.0.concepto', 'Debe seleccionar un concepto de retención válido'],
    ['an unknown type', [{ ...RETEFUENTE, tipo: 'RETECREE' }], 'retenciones.0.tipo', 'Debe seleccionar el tipo de retención'],
    ['2^31 as the rate', [{ ...RETEFUENTE, tarifa: 2 ** 31 }], 'retenciones.0.tarifa', 'Debe ingresar una tarifa entre 0 y 100'],
  ])('422 for %s, nothing written', async (_caso, retenciones, campo, mensaje) => {
    const cliente = await clienteAgente();
    const v = await venta(cliente.id);
    const antes = await cuenta();
    const r = await facturar(v.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 1_000_000 }], { retenciones }));
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().errors[campo]).toEqual([mensaje]);
    expect(await cuenta()).toBe(antes);
    expect((await entorno.db.selectFrom('venta').select('estado_venta_id').where('id', '=', v.id).executeTakeFirstOrThrow()).estado_venta_id).toBe(1);
  });

  it('422 for a customer that is no withholding agent, and for withholdings that reach the total', async () => {
    const noAgente = await crearTercero(entorno.db);
    const v = await venta(noAgente.id);
    const r = await facturar(v.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 1_165_000 }], { retenciones: [RETEFUENTE] }));
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('El cliente no está marcado como agente de retención');
    const agente = await clienteAgente();
    const w = await venta(agente.id);
    const todo = await facturar(w.id, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: 190_000 }], { retenciones: [{ ...RETEFUENTE, valor: 1_000_000, tarifa: 100 }, { ...RETEIVA, valor: 190_000, tarifa: 100 }] }));
    expect(todo.statusCode).toBe(422);
    expect(todo.json().message).toBe('Las retenciones deben sumar menos que el total de $ 1,190,000');
  });

  it('a credit bill charges the total and a Retención movement takes the withholdings off; the annulment reverses the rest and annuls them', async () => {
    const cliente = await clienteAgente();
    await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 5_000_000 });
    const v = await venta(cliente.id);
    const r = await facturar(v.id, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: 1_190_000 }], { crear_venta_credito: true, modo_factura: 'CR', retenciones: [RETEFUENTE] }));
    expect(r.statusCode, r.body).toBe(200);
    const movimientos = await movimientosDe(v.id);
    expect(movimientos.map((m) => [m.tipo_movimiento_credito_id, m.valor_movimiento])).toEqual([
      [1, '1190000.00'],
      [7, '25000.00'],
    ]);
    expect(await cuentaTotal(cliente.id)).toBe('1165000.00');
    expect((await retencionesDe(v.id))[0]!.cuenta_credito_movimiento_id).toBe(movimientos[1]!.id);

    const anulada = await llamar('PUT', `/api/facturas/${v.id}/anular`, superAdmin.token, { concepto_nota: '2', motivo: 'Prueba de retenciones' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect((await movimientosDe(v.id)).map((m) => [m.tipo_movimiento_credito_id, m.valor_movimiento]).at(-1)).toEqual([4, '1165000.00']);
    expect(await cuentaTotal(cliente.id)).toBe('0.00');
    expect((await retencionesDe(v.id)).map((f) => f.anulada)).toEqual([true]);
  });
});

describe('a credit payment with withholdings', () => {
  async function ventaACredito() {
    const cliente = await clienteAgente();
    await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 5_000_000 });
    const v = await venta(cliente.id);
    expect((await facturar(v.id, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: 1_190_000 }], { crear_venta_credito: true, modo_factura: 'CR' }))).statusCode).toBe(200);
    return { cliente, v };
  }
  const abono = (ventaId: number, valor: number, retenciones: unknown[]) => ({
    venta_id: ventaId,
    fecha_abono: hoy,
    observacion_abono: 'Pago con retención',
    valor_abono: valor,
    lista_formas_pagadas_form: [{ id_forma_pago: EFECTIVO, nombre_forma_pago: 'Efectivo', valor_pagado: valor }],
    retenciones,
  });

  it('records them (moment ABONO) with a Retención movement beside the payment', async () => {
    const { cliente, v } = await ventaACredito();
    const r = await llamar('POST', '/api/creditos/abonos', superAdmin.token, abono(v.id, 1_136_500, [RETEFUENTE, RETEIVA]));
    expect(r.statusCode, r.body).toBe(200);
    expect((await movimientosDe(v.id)).map((m) => [m.tipo_movimiento_credito_id, m.valor_movimiento])).toEqual([
      [1, '1190000.00'],
      [7, '53500.00'],
      [2, '1136500.00'],
    ]);
    expect(await cuentaTotal(cliente.id)).toBe('0.00');
    expect((await retencionesDe(v.id)).map((f) => [f.tipo, f.momento])).toEqual([
      ['RETEFUENTE', 'ABONO'],
      ['RETEIVA', 'ABONO'],
    ]);
  });

  it('422 when payment and withholdings exceed the balance, or a type already withheld; nothing written', async () => {
    const { v } = await ventaACredito();
    const r = await llamar('POST', '/api/creditos/abonos', superAdmin.token, abono(v.id, 1_170_000, [RETEFUENTE]));
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('Las retenciones y el abono no pueden superar el saldo pendiente de $ 1,190,000');
    expect(await retencionesDe(v.id)).toEqual([]);
    expect((await llamar('POST', '/api/creditos/abonos', superAdmin.token, abono(v.id, 100_000, [RETEFUENTE]))).statusCode).toBe(200);
    const otra = await llamar('POST', '/api/creditos/abonos', superAdmin.token, abono(v.id, 100_000, [RETEFUENTE]));
    expect(otra.statusCode).toBe(422);
    expect(otra.json().message).toBe('Cada tipo de retención se registra una sola vez por documento');
    expect(await retencionesDe(v.id)).toHaveLength(1);
  });
});

describe('GET retenciones/reporte', () => {
  it('401, 403 for a Vendedor, 422 for a bad month', async () => {
    expect((await llamar('GET', '/api/retenciones/reporte?year=2026&month=1', null)).statusCode).toBe(401);
    expect((await llamar('GET', '/api/retenciones/reporte?year=2026&month=1', cajero.token)).statusCode).toBe(403);
    const mal = await llamar('GET', '/api/retenciones/reporte?year=2026&month=13', superAdmin.token);
    expect(mal.statusCode).toBe(422);
    expect(mal.json().message).toBe('Debe seleccionar un periodo válido');
  });

  it('sums the month per customer and type and exports the same figures as .xlsx', async () => {
    const tiendaReporte = await crearTienda(entorno.db);
    const { superAdmin: jefe, porRol } = await crearUsuariosPorRol(entorno.app, entorno.db, tiendaReporte.codigo_tienda);
    await crearRangoNumeracion(entorno.db, { codigo_tienda: tiendaReporte.codigo_tienda, tipo_documento: 'REMISION', prefijo: 'RRP', numero_desde: 1, numero_hasta: 100 });
    await entorno.db.insertInto('inventario').values({ codigo_tienda: tiendaReporte.codigo_tienda, producto_id: tablero.id, cantidad: 100, precio_unitario: 1_000_000 } as never).onConflict((oc) => oc.doNothing()).execute();
    const cliente = await clienteAgente();
    for (const retenciones of [[RETEFUENTE], [RETEFUENTE, RETEIVA]]) {
      const v = await crearVentaConLineas(entorno.db, {
        codigo_tienda: tiendaReporte.codigo_tienda,
        cliente_id: cliente.id,
        vendedor_id: porRol.Vendedor.id,
        lineas: [{ producto_id: tablero.id, cantidad: 1, precio_unitario: 1_000_000, porcentaje_impuesto: 19 }],
      });
      const pagado = 1_190_000 - retenciones.reduce((s, r) => s + r.valor, 0);
      const r = await llamar('POST', `/api/facturas/${v.id}/forma-pago`, porRol.Vendedor.token, cuerpoFacturar([{ id_forma_pago: EFECTIVO, valor_pagado: pagado }], { retenciones }), tiendaReporte.codigo_tienda);
      expect(r.statusCode, r.body).toBe(200);
    }
    const [anio, mes] = hoy.split('-');
    const r = await llamar('GET', `/api/retenciones/reporte?year=${anio}&month=${Number(mes)}`, jefe.token, undefined, tiendaReporte.codigo_tienda);
    expect(r.statusCode, r.body).toBe(200);
    const { filas, totales } = r.json().data;
    expect(filas.map((f: { tipo: string; documentos: number; valor: number }) => [f.tipo, f.documentos, f.valor])).toEqual([
      ['RETEFUENTE', 2, 50_000],
      ['RETEIVA', 1, 28_500],
    ]);
    expect(totales).toEqual({ RETEFUENTE: 50_000, RETEIVA: 28_500, RETEICA: 0, total: 78_500 });

    const xlsx = await llamar('GET', `/api/retenciones/reporte/xlsx?year=${anio}&month=${Number(mes)}`, jefe.token, undefined, tiendaReporte.codigo_tienda);
    expect(xlsx.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as never);
    const hoja = libro.getWorksheet('Retenciones')!;
    expect(hoja.getRow(2).getCell(3).value).toBe('Retención en la fuente');
    expect(hoja.getRow(2).getCell(6).value).toBe(50_000);
    expect(hoja.getRow(hoja.rowCount).getCell(6).value).toBe(78_500);
  });
});
