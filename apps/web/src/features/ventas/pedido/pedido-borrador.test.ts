import { describe, expect, it, vi } from 'vitest';
import { CANTIDAD_MAXIMA_LINEA, DECIMALES_CANTIDAD_LINEA, ESTADOS_FILTRO_FACTURACION, MENSAJES_VENTA, NOMBRES_ESTADO_VENTA, type Tercero } from '@tablero/domain';
import {
  armarBorrador,
  borradorARestaurar,
  borradorParaServidor,
  claveBorradorLocal,
  descartarBorradorLocal,
  descripcionBorrador,
  escrituraBorrador,
  guardarBorradorLocal,
  hayCambiosSinGuardar,
  leerBorradorLocal,
  pedidoDeBorrador,
  VERSION_BORRADOR,
  type Almacen,
} from './pedido-borrador';
import { cifrasPanel, leerNumeroCelda, motivoTotalesFueraDeRango, nuevaClave, pedidoVacio, totalesPedido, type EstadoPedido, type ProductoLinea } from './pedido.logica';
import { reductorPedido } from './pedido.reductor';
import type { LeptonLinea } from './linea-pedido';

/** The browser's storage, in memory; `lleno` refuses writes as a full localStorage does. */
function almacen(lleno = false): Almacen & { datos: Map<string, string> } {
  const datos = new Map<string, string>();
  return {
    datos,
    getItem: (clave) => datos.get(clave) ?? null,
    setItem: (clave, valor) => {
      if (lleno) throw new DOMException('QuotaExceededError', 'QuotaExceededError');
      datos.set(clave, valor);
    },
    removeItem: (clave) => void datos.delete(clave),
  };
}

const producto = (id: number, cambios: Partial<ProductoLinea> = {}): ProductoLinea => ({
  id,
  referencia: `REF-${id}`,
  nombre_producto: `Producto ${id}`,
  grupo_id: 4,
  nombre_categoria_producto: null,
  cantidad: 10,
  impuesto_id: 1,
  porcentaje_impuesto: 19,
  precio_unitario: 185_000,
  medida_largo: null,
  medida_ancho: null,
  ...cambios,
});

const cliente = { id: 7, numero_documento: '900456789', nombres: 'Carpintería El Roble', apellidos: '' };
const tercero = { id: 7, numero_documento: '900456789', nombres: 'Carpintería El Roble', apellidos: '' } as unknown as Tercero;
const plan = { url_planos: '/planos/1.pdf', piezas: [{ cantidad: 2, base: 600, altura: 400 }], optimizacion: { planilla: { cant_placas: 1 } } } as unknown as LeptonLinea;

/** An order as a seller builds it: a customer, a cut board with an approved discount, a task and an observation. */
function pedidoArmado(): EstadoPedido {
  let pedido = reductorPedido(pedidoVacio(), { tipo: 'cliente', cliente });
  pedido = reductorPedido(pedido, { tipo: 'agregarProducto', producto: producto(1) });
  const clave = pedido.lineas[0]!.clave;
  pedido = reductorPedido(pedido, { tipo: 'corte', clave, resultado: { lepton: plan, cant_placas: 1, servicios: [] } });
  pedido = reductorPedido(pedido, { tipo: 'descuento', clave, descuento: { id: 31, producto_id: 1, porcentaje_descuento: 10, cantidad_solicitada: 1, precio_unitario: 185_000 } });
  pedido = reductorPedido(pedido, { tipo: 'agregarTarea' });
  pedido = reductorPedido(pedido, { tipo: 'tarea', clave: pedido.tareas[0]!.clave, descripcion_tarea: 'Llamar antes' });
  pedido = reductorPedido(pedido, { tipo: 'campo', cambio: { observacion_venta: 'Entregar el lunes', tipo_pago_id: 2, estado_venta_id: 4 } });
  return pedido;
}

describe('the order is kept as a draft', () => {
  it('keeps everything the form holds and restores it as it was (lines, plan, approved discount, customer, payment type, observation)', () => {
    const pedido = pedidoArmado();
    const solicitudes = [{ clave: 'l99', id: 5, tercero_id: 7, producto_id: 2, cantidad_solicitada: 3, precio_unitario: 6_900 }];
    const navegador = almacen();
    const clave = claveBorradorLocal(12, '001');
    expect(guardarBorradorLocal(navegador, clave, armarBorrador(pedido, tercero, solicitudes, new Date('2026-12-05T10:00:00Z')))).toBe(true);

    const leido = leerBorradorLocal(navegador, clave);
    expect(leido).toEqual({ version: VERSION_BORRADOR, pedido, tercero, solicitudes, guardado_en: '2026-12-05T10:00:00.000Z' });
    const restaurado = pedidoDeBorrador(leido!);
    expect(restaurado.lineas[0]).toMatchObject({ lepton: plan, porcentaje_descuento: 10, descuento_solicitado_id: 31, cantidad_solicitada: 1 });
    expect(restaurado).toMatchObject({ cliente, tipo_pago_id: 2, estado_venta_id: 4, observacion_venta: 'Entregar el lunes', tareas: [{ descripcion_tarea: 'Llamar antes' }] });
    // The save key comes back with the order: a save retried after a reload is still the same save.
    expect(restaurado.clave_guardado).toBe(pedido.clave_guardado);
    expect(pedido.clave_guardado).toBeTruthy();
  });

  it('one slot per user and store: another user or store on the same browser sees none of it', () => {
    const navegador = almacen();
    guardarBorradorLocal(navegador, claveBorradorLocal(12, '001'), armarBorrador(pedidoArmado(), tercero, []));
    expect(leerBorradorLocal(navegador, claveBorradorLocal(13, '001'))).toBeNull();
    expect(leerBorradorLocal(navegador, claveBorradorLocal(12, '002'))).toBeNull();
  });

  it('discarding it leaves nothing to restore', () => {
    const navegador = almacen();
    const clave = claveBorradorLocal(12, '001');
    guardarBorradorLocal(navegador, clave, armarBorrador(pedidoArmado(), tercero, []));
    descartarBorradorLocal(navegador, clave);
    expect(leerBorradorLocal(navegador, clave)).toBeNull();
    expect(navegador.datos.size).toBe(0);
  });

  it('a full storage refuses quietly; a damaged or older draft is not restored', () => {
    expect(guardarBorradorLocal(almacen(true), 'x', armarBorrador(pedidoArmado(), tercero, []))).toBe(false);
    const navegador = almacen();
    for (const texto of ['{', 'null', '[]', JSON.stringify({ version: 0, pedido: pedidoVacio() }), JSON.stringify({ version: VERSION_BORRADOR, pedido: { lineas: 'x' } })]) {
      navegador.datos.set('x', texto);
      expect(leerBorradorLocal(navegador, 'x'), texto).toBeNull();
    }
  });

  it('rows added after a restore never take a restored row’s key', () => {
    const borrador = armarBorrador({ ...pedidoVacio(), lineas: [{ ...pedidoArmado().lineas[0]!, clave: 'l9000' }], tareas: [{ clave: 't9005', descripcion_tarea: 'x' }] }, null, []);
    pedidoDeBorrador(JSON.parse(JSON.stringify(borrador)));
    expect(Number(nuevaClave().slice(1))).toBeGreaterThan(9005);
  });

  it('goes to the server only once the order has a customer, keyed by the order being edited', () => {
    const sinCliente = armarBorrador(reductorPedido(pedidoVacio(), { tipo: 'agregarProducto', producto: producto(1) }), null, []);
    expect(borradorParaServidor(sinCliente)).toBeNull();
    const nuevo = armarBorrador(pedidoArmado(), tercero, []);
    expect(borradorParaServidor(nuevo)).toEqual({ venta_id: null, tercero_id: 7, contenido: nuevo });
    const editado = armarBorrador({ ...pedidoArmado(), venta_id: 55, version: 3 }, tercero, []);
    expect(borradorParaServidor(editado)).toMatchObject({ venta_id: 55, tercero_id: 7 });
  });

  it('a draft kept only on the server is offered saying whose order it is', () => {
    expect(descripcionBorrador(armarBorrador(pedidoArmado(), tercero, []))).toBe('Pedido de Carpintería El Roble, 1 línea');
    expect(descripcionBorrador(armarBorrador({ ...pedidoVacio(), venta_id: 55 }, null, []))).toBe('Pedido, 0 líneas (No. 55)');
  });

  it('between the browser’s and the server’s draft, the newer one is restored', () => {
    const viejo = armarBorrador(pedidoArmado(), tercero, [], new Date('2026-12-05T09:00:00Z'));
    const nuevo = armarBorrador({ ...pedidoArmado(), observacion_venta: 'otra' }, tercero, [], new Date('2026-12-05T10:00:00Z'));
    const delServidor = (b: typeof viejo) => ({ venta_id: null, tercero_id: 7, contenido: JSON.parse(JSON.stringify(b)) as Record<string, unknown>, fecha_actualiza: b.guardado_en });
    expect(borradorARestaurar(viejo, delServidor(nuevo))?.pedido.observacion_venta).toBe('otra');
    expect(borradorARestaurar(nuevo, delServidor(viejo))).toBe(nuevo);
    expect(borradorARestaurar(null, delServidor(viejo))?.pedido.observacion_venta).toBe('Entregar el lunes');
    expect(borradorARestaurar(null, { ...delServidor(viejo), contenido: { otra: 'cosa' } })).toBeNull();
    expect(borradorARestaurar(null, null)).toBeNull();
  });
});

describe('what asks before it is thrown away', () => {
  it('a new order with a line, a task or an observation; not an untouched form nor a customer alone', () => {
    const vacio = pedidoVacio();
    expect(hayCambiosSinGuardar(vacio, vacio)).toBe(false);
    expect(hayCambiosSinGuardar(reductorPedido(vacio, { tipo: 'cliente', cliente }), vacio)).toBe(false);
    expect(hayCambiosSinGuardar(reductorPedido(vacio, { tipo: 'agregarProducto', producto: producto(1) }), vacio)).toBe(true);
    expect(hayCambiosSinGuardar(reductorPedido(vacio, { tipo: 'agregarTarea' }), vacio)).toBe(true);
    expect(hayCambiosSinGuardar(reductorPedido(vacio, { tipo: 'campo', cambio: { observacion_venta: 'x' } }), vacio)).toBe(true);
  });

  it('an order loaded for editing: any change, and nothing before one', () => {
    const cargado = { ...pedidoArmado(), venta_id: 55, version: 3 };
    expect(hayCambiosSinGuardar(cargado, cargado)).toBe(false);
    expect(hayCambiosSinGuardar(reductorPedido(cargado, { tipo: 'campo', cambio: { tipo_pago_id: 1 } }), cargado)).toBe(true);
    // Saved and kept in editing: the saved state is the new base.
    const guardado = reductorPedido(cargado, { tipo: 'guardadoEnEdicion', venta_id: 55, version: 4 });
    expect(hayCambiosSinGuardar(guardado, guardado)).toBe(false);
  });
});

describe('a quantity the amounts cannot hold says why', () => {
  it('99,999,999,999 typed in a quantity: the field’s message', () => {
    const opciones = { decimales: DECIMALES_CANTIDAD_LINEA, maximo: CANTIDAD_MAXIMA_LINEA, minimo: 'positivo' as const, mensajeInvalido: MENSAJES_VENTA.cantidad };
    expect(leerNumeroCelda('99,999,999,999', opciones)).toEqual({ error: 'El valor máximo es 1,000,000,000' });
    expect(leerNumeroCelda('99999999999', opciones)).toEqual({ error: 'El valor máximo es 1,000,000,000' });
  });

  it('a quantity within its maximum whose line passes the largest amount: no totals, and the line’s quantity says why', () => {
    let pedido = reductorPedido(pedidoVacio(), { tipo: 'agregarProducto', producto: producto(1, { precio_unitario: 6_900 }) });
    pedido = reductorPedido(pedido, { tipo: 'agregarProducto', producto: producto(2) });
    const clave = pedido.lineas[1]!.clave;
    pedido = reductorPedido(pedido, { tipo: 'cantidad', clave, valor: 999_999_999 });
    expect(totalesPedido(pedido.lineas, 0)).toBeNull();
    expect(motivoTotalesFueraDeRango(pedido.lineas, 0)).toEqual({ clave, mensaje: MENSAJES_VENTA.lineaExcedeMaximo });
    expect(MENSAJES_VENTA.lineaExcedeMaximo).toBe('El valor de la línea supera el máximo de $ 999,999,999,999: reduzca la cantidad o el precio');
  });

  it('every line fits but the order’s total does not: the order says why', () => {
    let pedido = pedidoVacio();
    for (let n = 0; n < 3; n++) {
      pedido = reductorPedido(pedido, { tipo: 'agregarProducto', producto: producto(n + 1, { precio_unitario: 700_000, porcentaje_impuesto: 0 }) });
      pedido = reductorPedido(pedido, { tipo: 'cantidad', clave: pedido.lineas[n]!.clave, valor: 1_000_000 });
    }
    expect(motivoTotalesFueraDeRango(pedido.lineas, 0)).toEqual({ clave: null, mensaje: MENSAJES_VENTA.totalExcedeMaximo });
    expect(motivoTotalesFueraDeRango(pedido.lineas.slice(0, 1), 0)).toBeNull();
  });
});

describe('the sale panel reads right', () => {
  it('Subtotal is before the discount, then Descuento, then the base the taxes apply to, the taxes and the total', () => {
    // 4 × 21,900 = 87,600 with 10 % off: 8,760 off, 78,840 taxed at 19 %.
    let pedido = reductorPedido(pedidoVacio(), { tipo: 'agregarProducto', producto: producto(1, { precio_unitario: 21_900 }) });
    const clave = pedido.lineas[0]!.clave;
    pedido = reductorPedido(pedido, { tipo: 'cantidad', clave, valor: 4 });
    pedido = reductorPedido(pedido, { tipo: 'descuento', clave, descuento: { id: 1, producto_id: 1, porcentaje_descuento: 10, cantidad_solicitada: 4, precio_unitario: 21_900 } });
    const cifras = cifrasPanel(totalesPedido(pedido.lineas, 0)!);
    expect(cifras).toEqual({ subtotal: 87_600, descuento: 8_760, base: 78_840, impuestos: 14_979.6, otros: 0, total: 93_819.6 });
    expect(cifras.subtotal - cifras.descuento).toBe(cifras.base);
  });
});

describe('state names', () => {
  it('En edición carries its accent wherever a person reads it: the panel’s select and the billing filter read one list', () => {
    expect(NOMBRES_ESTADO_VENTA[4]).toBe('En edición');
    expect(ESTADOS_FILTRO_FACTURACION.find((e) => e.id === 4)?.nombre).toBe('En edición');
  });
});

describe('escrituraBorrador: the draft writes to the server, in order', () => {
  const cuerpo = (observacion: string) => ({ venta_id: null, tercero_id: 7, contenido: { observacion } });
  /** A write the test answers when it wants: the server still working on it meanwhile. */
  function servidorLento() {
    const hechos: string[] = [];
    const pendientes: (() => void)[] = [];
    return {
      hechos,
      responder: () => pendientes.shift()?.(),
      escribir: (c: { contenido: Record<string, unknown> }) => {
        hechos.push(`escribir ${String(c.contenido.observacion)}`);
        return new Promise<void>((listo) => pendientes.push(() => (hechos.push(`escrito ${String(c.contenido.observacion)}`), listo())));
      },
      borrar: async (ventaId: number | null) => void hechos.push(`borrar ${ventaId}`),
    };
  }
  const armar = (s: ReturnType<typeof servidorLento>) => escrituraBorrador({ escribir: s.escribir, borrar: s.borrar, pausaMs: 1500, temporizador: globalThis });

  it('writes only the last change, after the pause', async () => {
    vi.useFakeTimers();
    const s = servidorLento();
    const e = armar(s);
    e.programar(cuerpo('a'));
    vi.advanceTimersByTime(1000);
    e.programar(cuerpo('b'));
    vi.advanceTimersByTime(1499);
    expect(s.hechos).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(s.hechos).toEqual(['escribir b']);
    vi.useRealTimers();
  });

  it('a discard within the pause drops the waiting write: the deleted draft does not come back', async () => {
    vi.useFakeTimers();
    const s = servidorLento();
    const e = armar(s);
    e.programar(cuerpo('a'));
    await e.descartar(null);
    vi.advanceTimersByTime(10_000);
    expect(s.hechos).toEqual(['borrar null']);
    vi.useRealTimers();
  });

  it('a discard while a write is on its way deletes after that write has been answered', async () => {
    vi.useFakeTimers();
    const s = servidorLento();
    const e = armar(s);
    e.programar(cuerpo('a'));
    vi.advanceTimersByTime(1500);
    const descarte = e.descartar(55);
    await Promise.resolve();
    expect(s.hechos).toEqual(['escribir a']);
    s.responder();
    await descarte;
    expect(s.hechos).toEqual(['escribir a', 'escrito a', 'borrar 55']);
    vi.useRealTimers();
  });

  it('a save waits for the write on its way and drops the one still waiting; a failed write does not stop it', async () => {
    vi.useFakeTimers();
    const hechos: string[] = [];
    const e = escrituraBorrador({
      escribir: async () => {
        hechos.push('escribir');
        throw new Error('Sin conexión');
      },
      borrar: async () => hechos.push('borrar'),
      pausaMs: 1500,
      temporizador: globalThis,
    });
    e.programar(cuerpo('a'));
    vi.advanceTimersByTime(1500);
    e.programar(cuerpo('b'));
    await e.detener();
    hechos.push('guardar');
    vi.advanceTimersByTime(10_000);
    expect(hechos).toEqual(['escribir', 'guardar']);
    vi.useRealTimers();
  });
});
