import { ERRORES, MENSAJES_DEVOLUCION_PARCIAL, MENSAJES_FACTURACION, TIPOS_MOVIMIENTO_CREDITO } from '@tablero/domain';
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
  crearTipoMedida,
  crearUsuariosPorRol,
  crearVentaConLineas,
  cuerpoFacturar,
  headers,
  saldoDe,
  type TiendaPrueba,
  type UsuarioConSesion,
} from '../../../test/factories';
import { diferenciasFoto, preparadorFoto } from '../../../test/rutas-declaradas';

// The careful tester on the partial return (docs/decisions-factura-electronica.md, "Devolución parcial") and on the
// annulment with DIAN concept and reason, of a two-board credit sale billed as an electronic invoice: path ids of 2^31
// and 2^63, a NUL byte, '2,5' typed as text, a huge quantity, a reason past 250 characters answer 4xx in Spanish and
// write nothing anywhere (a snapshot of every table); a refused return leaves nothing half-saved; and the same return
// sent twice at once (Enter pressed twice, a retried request) moves the stock and the credit once.

const entorno = usarEntorno();
const CREDITO = 6;

let tienda: TiendaPrueba;
let ajena: TiendaPrueba;
let superAdmin: UsuarioConSesion;
let otroSuperAdmin: UsuarioConSesion;
let tablero: { id: number };
let nombreTablero: string;
let foto: () => Promise<Map<string, string>>;

beforeAll(async () => {
  tienda = await crearTienda(entorno.db);
  ajena = await crearTienda(entorno.db);
  ({ superAdmin } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  ({ superAdmin: otroSuperAdmin } = await crearUsuariosPorRol(entorno.app, entorno.db, tienda.codigo_tienda));
  const iva = await crearImpuesto(entorno.db, { nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19 });
  const unidad = await crearTipoMedida(entorno.db);
  tablero = await crearProducto(entorno.db, {
    tipo_medida_id: unidad.id,
    impuesto_id: iva.id,
    proveedor_id: (await crearProveedor(entorno.db)).id,
    grupo_id: 1,
    linea_id: 1,
    precio_unitario: 100_000,
    tiendas: [
      { codigo_tienda: tienda.codigo_tienda, cantidad: 100, precio_unitario: 100_000 },
      { codigo_tienda: ajena.codigo_tienda, cantidad: 100, precio_unitario: 100_000 },
    ],
  });
  nombreTablero = (await entorno.db.selectFrom('producto').select('nombre_producto').where('id', '=', tablero.id).executeTakeFirstOrThrow()).nombre_producto;
  await crearRangoNumeracion(entorno.db, { codigo_tienda: tienda.codigo_tienda, tipo_documento: 'FACTURA', prefijo: 'FP' });
  // Every table's row count, and the full rows of those a return or an annulment writes to.
  foto = await preparadorFoto(entorno.db, [
    'inventario',
    'cuenta_credito',
    'cuenta_credito_movimiento',
    'venta',
    'devolucion_venta',
    'devolucion_venta_detalle',
    'devolucion_dinero',
    'documento_fe',
    'tercero',
  ]);
});

const llamar = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, usuario: UsuarioConSesion | null = superAdmin, codigoTienda = tienda.codigo_tienda) =>
  entorno.app.inject({ method, url, ...(usuario ? { headers: headers(usuario.token, codigoTienda) } : {}), ...(payload ? { payload } : {}) });

/** Two boards at $100,000 + IVA 19 % = $238,000 on credit: an electronic invoice with its due date. */
async function ventaCredito() {
  const cliente = await crearTercero(entorno.db);
  await crearCuentaCredito(entorno.db, { tercero_id: cliente.id, total_cupo_permitido: 10_000_000 });
  const creada = await crearVentaConLineas(entorno.db, {
    codigo_tienda: tienda.codigo_tienda,
    cliente_id: cliente.id,
    vendedor_id: superAdmin.id,
    lineas: [{ producto_id: tablero.id, cantidad: 2, precio_unitario: 100_000, porcentaje_impuesto: 19 }],
  });
  const facturada = await llamar('POST', `/api/facturas/${creada.id}/forma-pago`, cuerpoFacturar([{ id_forma_pago: CREDITO, valor_pagado: creada.total_venta }], { crear_venta_credito: true }));
  expect(facturada.statusCode, facturada.body).toBe(200);
  expect(facturada.json().data.tipo_documento).toBe('FACTURA');
  const linea = await entorno.db.selectFrom('venta_detalle').select('id').where('venta_id', '=', creada.id).executeTakeFirstOrThrow();
  return { id: creada.id, total: creada.total_venta, cliente, linea: linea.id };
}

const stock = async () => (await saldoDe(entorno.db, tienda.codigo_tienda, tablero.id))!.cantidad;
const deudaCredito = async (terceroId: number) =>
  Number((await entorno.db.selectFrom('cuenta_credito').select('total_credito').where('tercero_id', '=', terceroId).executeTakeFirstOrThrow()).total_credito);
const movimientosDevolucion = (ventaId: number) =>
  entorno.db
    .selectFrom('cuenta_credito_movimiento')
    .select('valor_movimiento')
    .where('venta_id', '=', ventaId)
    .where('tipo_movimiento_credito_id', '=', TIPOS_MOVIMIENTO_CREDITO.DEVOLUCION_VENTA)
    .execute();
const devoluciones = (ventaId: number) => entorno.db.selectFrom('devolucion_venta').select(['id', 'valor_total', 'valor_credito']).where('venta_id', '=', ventaId).execute();
const notas = (ventaId: number) => entorno.db.selectFrom('documento_fe').select(['tipo', 'concepto_nota', 'devolucion_venta_id']).where('venta_id', '=', ventaId).where('tipo', '=', 'NOTA_CREDITO').execute();

/** A refusal a person can read: 4xx, never 500, a Spanish message with no parser or driver English. */
function esRechazoEnEspanol(respuesta: { statusCode: number; body: string }, caso: string) {
  expect(respuesta.statusCode, `${caso}: ${respuesta.body}`).toBeGreaterThanOrEqual(400);
  expect(respuesta.statusCode, `${caso}: ${respuesta.body}`).toBeLessThan(500);
  const { message } = JSON.parse(respuesta.body) as { message: string };
  expect(message, caso).toMatch(/[a-záéíóúñ]{3}/i);
  expect(message, caso).not.toMatch(/invalid|expected|received|error:|null byte|out of range|syntax|NaN|undefined/i);
}

const DOS_A_LA_31 = '2147483648';
const DOS_A_LA_63 = '9223372036854775808';

describe('the partial-return routes refuse what a careful tester sends', () => {
  it('ids of 2^31 and 2^63 in the path of the list, the preview and the return: 4xx in Spanish, and no table changes', async () => {
    const v = await ventaCredito();
    const cuerpo = { motivo: 'Un tablero rayado', lineas: [{ venta_detalle_id: v.linea, cantidad: 1 }] };
    const antes = await foto();
    for (const id of [DOS_A_LA_31, DOS_A_LA_63, `-${DOS_A_LA_63}`, '0']) {
      for (const [metodo, url, datos] of [
        ['GET', `/api/facturas/${id}/devoluciones`, undefined],
        ['POST', `/api/facturas/${id}/devoluciones/previa`, cuerpo],
        ['POST', `/api/facturas/${id}/devoluciones`, cuerpo],
      ] as const) {
        esRechazoEnEspanol(await llamar(metodo, url, datos), `${metodo} ${url}`);
      }
    }
    expect(diferenciasFoto(antes, await foto())).toEqual([]);
  });

  it("a NUL byte, '2,5' typed as text, a huge quantity, a line id of 2^63, a reason of 251 characters: 422 on the field, in Spanish, and no table changes", async () => {
    const v = await ventaCredito();
    const linea = (cantidad: unknown, venta_detalle_id: unknown = v.linea) => ({ motivo: 'Un tablero rayado', lineas: [{ venta_detalle_id, cantidad }] });
    const casos: [string, object, string, string][] = [
      ['NUL en el motivo', { motivo: 'Rayado\u0000', lineas: [{ venta_detalle_id: v.linea, cantidad: 1 }] }, 'motivo', ''],
      // Read as a Colombian number, 2.5: half a board of a product sold by the unit.
      // Tablero writes decimals with a point ('Use punto para decimales', leerNumero): '2,5' is no number to the contract.
      ["'2,5' como texto", linea('2,5'), 'lineas.0.cantidad', MENSAJES_DEVOLUCION_PARCIAL.cantidad],
      ["'1.5' como texto", linea('1.5'), 'lineas.0.cantidad', MENSAJES_DEVOLUCION_PARCIAL.unidadesEnteras(nombreTablero)],
      ["'12.400,50' como texto", linea('12.400,50'), 'lineas.0.cantidad', MENSAJES_DEVOLUCION_PARCIAL.cantidad],
      ['cantidad enorme', linea(1e300), 'lineas.0.cantidad', MENSAJES_DEVOLUCION_PARCIAL.excede(nombreTablero, 2)],
      ['cantidad 2^63 como texto', linea(DOS_A_LA_63), 'lineas.0.cantidad', MENSAJES_DEVOLUCION_PARCIAL.excede(nombreTablero, 2)],
      ['cantidad negativa', linea('-1'), 'lineas.0.cantidad', MENSAJES_DEVOLUCION_PARCIAL.cantidad],
      ['cantidad con tres decimales', linea('0.125'), 'lineas.0.cantidad', MENSAJES_DEVOLUCION_PARCIAL.cantidadDecimales],
      ['línea 2^63', linea(1, Number(DOS_A_LA_63)), 'lineas.0.venta_detalle_id', ''],
      ['línea 2^31', linea(1, 2 ** 31), 'lineas.0.venta_detalle_id', ''],
      ['motivo de 251 caracteres', { motivo: 'x'.repeat(251), lineas: [{ venta_detalle_id: v.linea, cantidad: 1 }] }, 'motivo', MENSAJES_DEVOLUCION_PARCIAL.motivoLargo],
    ];
    const antes = await foto();
    for (const [caso, cuerpo, campo, mensaje] of casos) {
      for (const url of [`/api/facturas/${v.id}/devoluciones/previa`, `/api/facturas/${v.id}/devoluciones`]) {
        const respuesta = await llamar('POST', url, cuerpo);
        esRechazoEnEspanol(respuesta, `${caso} ${url}`);
        expect(respuesta.statusCode, `${caso} ${url}: ${respuesta.body}`).toBe(422);
        const errores = respuesta.json().errors as Record<string, string[]>;
        expect(errores[campo], `${caso}: ${respuesta.body}`).toBeDefined();
        if (mensaje) expect(errores[campo], caso).toEqual([mensaje]);
      }
    }
    expect(diferenciasFoto(antes, await foto())).toEqual([]);
    // The same sale takes a good return afterwards: the refusals were the input's, not the sale's.
    expect((await llamar('POST', `/api/facturas/${v.id}/devoluciones`, linea('1'))).statusCode).toBe(200);
  });

  it('a return refused on its second line, or of an annulled sale, or from another store, leaves nothing half-saved', async () => {
    const v = await ventaCredito();
    const bien = { venta_detalle_id: v.linea, cantidad: 1 };
    const otraTienda = await crearUsuariosPorRol(entorno.app, entorno.db, ajena.codigo_tienda);
    const antes = await foto();
    // The first line alone would pass; the second names a line that does not exist.
    const segunda = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'x', lineas: [bien, { venta_detalle_id: 987_654, cantidad: 1 }] });
    expect(segunda.statusCode).toBe(422);
    expect(segunda.json().errors['lineas.1.venta_detalle_id']).toEqual([MENSAJES_DEVOLUCION_PARCIAL.lineaAjena(987_654)]);
    expect((await llamar('POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'x', lineas: [bien] }, otraTienda.superAdmin, ajena.codigo_tienda)).statusCode).toBe(404);
    expect(diferenciasFoto(antes, await foto())).toEqual([]);

    const anulada = await llamar('PUT', `/api/facturas/${v.id}/anular`, { concepto_nota: '2', motivo: 'Cliente desiste' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    const trasAnular = await foto();
    const tarde = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'x', lineas: [bien] });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().message).toBe(ERRORES.DEVOLUCION_NO_FACTURADA.mensaje);
    expect(diferenciasFoto(trasAnular, await foto())).toEqual([]);
  });
});

describe('the same return sent twice at once', () => {
  it('returning both boards, fired together: one is registered, the other refused; stock, credit and the note move once', async () => {
    const v = await ventaCredito();
    const stockAntes = await stock();
    const deudaAntes = await deudaCredito(v.cliente.id);
    const cuerpo = { motivo: 'Devuelve los dos tableros', lineas: [{ venta_detalle_id: v.linea, cantidad: 2 }] };
    const respuestas = await Promise.all([
      llamar('POST', `/api/facturas/${v.id}/devoluciones`, cuerpo),
      llamar('POST', `/api/facturas/${v.id}/devoluciones`, cuerpo, otroSuperAdmin),
    ]);
    const codigos = respuestas.map((r) => r.statusCode).sort();
    expect(codigos[0], respuestas.map((r) => r.body).join(' | ')).toBe(200);
    expect([409, 422]).toContain(codigos[1]);
    esRechazoEnEspanol(respuestas.find((r) => r.statusCode !== 200)!, 'la segunda');
    expect(await stock()).toBe(stockAntes + 2);
    expect(await deudaCredito(v.cliente.id)).toBe(deudaAntes - v.total);
    expect(await movimientosDevolucion(v.id)).toEqual([{ valor_movimiento: v.total.toFixed(2) }]);
    expect(await devoluciones(v.id)).toHaveLength(1);
    expect(await notas(v.id)).toEqual([{ tipo: 'NOTA_CREDITO', concepto_nota: '1', devolucion_venta_id: (await devoluciones(v.id))[0]!.id }]);
  });

  it('returning one board of two, fired together (Enter pressed twice) with the returns the dialog saw: the board comes back once', async () => {
    const v = await ventaCredito();
    const stockAntes = await stock();
    const deudaAntes = await deudaCredito(v.cliente.id);
    // Both would fit (one board each of two): only the dialog's count of earlier returns tells a repeat from a second return.
    const cuerpo = { motivo: 'Un tablero llegó rayado', lineas: [{ venta_detalle_id: v.linea, cantidad: 1 }], devoluciones_previas: 0 };
    const respuestas = await Promise.all([llamar('POST', `/api/facturas/${v.id}/devoluciones`, cuerpo), llamar('POST', `/api/facturas/${v.id}/devoluciones`, cuerpo)]);
    expect(respuestas.map((r) => r.statusCode).sort(), respuestas.map((r) => r.body).join(' | ')).toEqual([200, 409]);
    expect(await stock()).toBe(stockAntes + 1);
    expect(await deudaCredito(v.cliente.id)).toBe(deudaAntes - v.total / 2);
    expect(await devoluciones(v.id)).toHaveLength(1);
    expect(await notas(v.id)).toHaveLength(1);
    const repetida = respuestas.find((r) => r.statusCode === 409)!;
    expect(repetida.json().message).toBe(ERRORES.DEVOLUCION_CAMBIO.mensaje);
    // A retry after a lost answer is refused the same way; a second return that names the first goes through.
    const reintento = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, cuerpo);
    expect(reintento.statusCode).toBe(409);
    const segunda = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, { ...cuerpo, devoluciones_previas: 1 });
    expect(segunda.statusCode, segunda.body).toBe(200);
    expect(await stock()).toBe(stockAntes + 2);
    expect(await deudaCredito(v.cliente.id)).toBe(deudaAntes - v.total);
  });

  it('refuses a count of earlier returns that is no whole number from 0, in Spanish on its field', async () => {
    const v = await ventaCredito();
    const antes = await foto();
    for (const previas of [-1, 1.5, 'dos', DOS_A_LA_63]) {
      const respuesta = await llamar('POST', `/api/facturas/${v.id}/devoluciones`, { motivo: 'x', lineas: [{ venta_detalle_id: v.linea, cantidad: 1 }], devoluciones_previas: previas });
      expect(respuesta.statusCode, String(previas)).toBe(422);
      expect(respuesta.json().errors.devoluciones_previas).toEqual([MENSAJES_DEVOLUCION_PARCIAL.previas]);
    }
    expect(diferenciasFoto(antes, await foto())).toEqual([]);
  });
});

describe('the annulment with DIAN concept and reason refuses what a careful tester sends', () => {
  it('a NUL byte in the reason, an unknown concept, ids of 2^31 and 2^63: 4xx in Spanish, nothing written; then it annuls', async () => {
    const v = await ventaCredito();
    const antes = await foto();
    const casos: [string, object][] = [
      [`/api/facturas/${v.id}/anular`, { concepto_nota: '2', motivo: 'Cliente\u0000desiste' }],
      [`/api/facturas/${v.id}/anular`, { concepto_nota: '2\u0000', motivo: 'Cliente desiste' }],
      [`/api/facturas/${v.id}/anular`, { concepto_nota: '99', motivo: 'Cliente desiste' }],
      [`/api/facturas/${v.id}/anular`, { concepto_nota: 2, motivo: 'x'.repeat(10_000) }],
      [`/api/facturas/${DOS_A_LA_31}/anular`, { concepto_nota: '2', motivo: 'Cliente desiste' }],
      [`/api/facturas/${DOS_A_LA_63}/anular`, { concepto_nota: '2', motivo: 'Cliente desiste' }],
    ];
    for (const [url, cuerpo] of casos) esRechazoEnEspanol(await llamar('PUT', url, cuerpo), `${url} ${JSON.stringify(cuerpo).slice(0, 80)}`);
    const nul = await llamar('PUT', `/api/facturas/${v.id}/anular`, { concepto_nota: '2', motivo: 'Cliente\u0000desiste' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors.motivo).toBeDefined();
    const largo = await llamar('PUT', `/api/facturas/${v.id}/anular`, { concepto_nota: '2', motivo: 'x'.repeat(251) });
    expect(largo.json().errors.motivo).toEqual([MENSAJES_FACTURACION.motivoAnulacionLargo]);
    expect(diferenciasFoto(antes, await foto())).toEqual([]);
    // After the refusals the sale annuls once, with its concept-2 note, the board back and the credit reversed.
    const stockAntes = await stock();
    const deudaAntes = await deudaCredito(v.cliente.id);
    expect((await llamar('PUT', `/api/facturas/${v.id}/anular`, { concepto_nota: '2', motivo: 'Cliente desiste' })).statusCode).toBe(200);
    expect(await stock()).toBe(stockAntes + 2);
    expect(await deudaCredito(v.cliente.id)).toBe(deudaAntes - v.total);
    expect(await notas(v.id)).toEqual([{ tipo: 'NOTA_CREDITO', concepto_nota: '2', devolucion_venta_id: null }]);
  });

  it('two annulments of the credit e-invoice at once: one 200, one 409; one note, the credit reversed once', async () => {
    const v = await ventaCredito();
    const stockAntes = await stock();
    const deudaAntes = await deudaCredito(v.cliente.id);
    const cuerpo = { concepto_nota: '2', motivo: 'Cliente desiste' };
    const respuestas = await Promise.all([llamar('PUT', `/api/facturas/${v.id}/anular`, cuerpo), llamar('PUT', `/api/facturas/${v.id}/anular`, cuerpo, otroSuperAdmin)]);
    expect(respuestas.map((r) => r.statusCode).sort(), respuestas.map((r) => r.body).join(' | ')).toEqual([200, 409]);
    esRechazoEnEspanol(respuestas.find((r) => r.statusCode === 409)!, 'la segunda anulación');
    expect(await stock()).toBe(stockAntes + 2);
    expect(await deudaCredito(v.cliente.id)).toBe(deudaAntes - v.total);
    expect(await notas(v.id)).toHaveLength(1);
  });
});
