import { describe, expect, it } from 'vitest';
import type { EtapaProduccion, OrdenProduccionNotificada, OrdenProduccionPanel, PanelProduccion, ProductoVentaProduccion } from '@tablero/domain';
import { aplicarOrdenNotificada, escribirFiltrosPanel, etapaAnulable, filtrosPanelIniciales, leerFiltrosPanel, ordenCumpleFiltros, puedePriorizar, segundosTrabajados, totalesDe } from './panel.logica';

function orden(id: number, cambio: Partial<OrdenProduccionPanel> = {}): OrdenProduccionPanel {
  return {
    id,
    venta_id: 100 + id,
    codigo_tienda: '001',
    cliente_id: 7,
    fecha_venta: '2026-11-25T15:00:00.000Z',
    // 10:00 in Bogotá on 2026-11-25.
    fecha_inserta: '2026-11-25T15:00:00.000Z',
    fecha_actualiza: '2026-11-25T15:00:00.000Z',
    fecha_material_preparado: null,
    fecha_inicio_produccion: null,
    fecha_finaliza_produccion: null,
    prioritario: false,
    completado: false,
    suspendido: false,
    proceso_vigente: null,
    link_planos_lepton: null,
    cantidad_vendida: 1,
    numero_documento_tercero: '1',
    nombres_tercero: 'Ana',
    apellidos_tercero: 'Ruiz',
    estado_orden: 'Pendiente',
    ...cambio,
  };
}
const linea = (ventaId: number, referencia: string): ProductoVentaProduccion => ({
  venta_id: ventaId,
  item: 1,
  producto_id: 1,
  referencia,
  nombre_producto: referencia,
  cantidad: 1,
  grupo_servicio_id: null,
  item_padre: null,
  con_plano: false,
  link_planos_lepton: null,
  unidad: 'Lámina',
});
const etapa = (id: number, ordenId: number, estado: EtapaProduccion['estado_etapa'] = 'pendiente') =>
  ({ id, produccion_venta_id: ordenId, venta_id: 100 + ordenId, numero_etapa: 1, estado_etapa: estado }) as EtapaProduccion;

function panel(ordenes: OrdenProduccionPanel[]): PanelProduccion {
  return {
    ordenes_produccion: ordenes,
    productos_ventas: ordenes.map((o) => linea(o.venta_id, `R${o.id}`)),
    ordenes_produccion_etapas: ordenes.map((o) => etapa(o.id * 10, o.id)),
    totales: totalesDe(ordenes),
  };
}
const evento = (op: OrdenProduccionPanel, etapas: EtapaProduccion[] = []): OrdenProduccionNotificada => ({
  codigo_tienda: '001',
  accion: 'iniciar',
  orden_produccion: op,
  productos_ventas: [linea(op.venta_id, `N${op.id}`)],
  ordenes_produccion_etapas: etapas,
});

const hoy = '2026-11-25';
const filtros = filtrosPanelIniciales(hoy);

describe('aplicarOrdenNotificada', () => {
  it('replaces the OP listed with its products and stages, and counts again', () => {
    const antes = panel([orden(2), orden(1)]);
    const cambiada = orden(1, { fecha_inicio_produccion: '2026-11-25T16:00:00.000Z', estado_orden: 'En proceso' });
    const despues = aplicarOrdenNotificada(antes, evento(cambiada, [etapa(99, 1, 'en_proceso')]), filtros);
    expect(despues.ordenes_produccion.map((o) => o.id)).toEqual([2, 1]);
    expect(despues.ordenes_produccion[1]!.estado_orden).toBe('En proceso');
    expect(despues.productos_ventas.filter((p) => p.venta_id === 101).map((p) => p.referencia)).toEqual(['N1']);
    expect(despues.ordenes_produccion_etapas.filter((e) => e.produccion_venta_id === 1).map((e) => e.id)).toEqual([99]);
    expect(despues.totales).toMatchObject({ total_op: 2, total_pendientes: 1, total_proceso: 1 });
  });

  it('inserts a new OP of the filters in the server order (priority first, then newest)', () => {
    const antes = panel([orden(2, { prioritario: true }), orden(1)]);
    const despues = aplicarOrdenNotificada(antes, evento(orden(3)), filtros);
    expect(despues.ordenes_produccion.map((o) => o.id)).toEqual([2, 3, 1]);
    expect(despues.totales.total_op).toBe(3);
    expect(despues.totales.total_ov).toBe(3);
  });

  it('ignores an OP outside the filters, and drops a listed one that left them', () => {
    const antes = panel([orden(1)]);
    const otroDia = orden(5, { fecha_inserta: '2026-11-24T15:00:00.000Z' });
    expect(aplicarOrdenNotificada(antes, evento(otroDia), filtros)).toBe(antes);
    const otroCliente = aplicarOrdenNotificada(antes, evento(orden(1)), { ...filtros, cliente: { id: 8 } as never });
    expect(otroCliente.ordenes_produccion).toEqual([]);
    expect(otroCliente.ordenes_produccion_etapas).toEqual([]);
    expect(otroCliente.totales.total_op).toBe(0);
  });

  it('recomputes the status from the OP (a finished one is Finalizado)', () => {
    const despues = aplicarOrdenNotificada(panel([orden(1)]), evento(orden(1, { completado: true })), filtros);
    expect(despues.ordenes_produccion[0]!.estado_orden).toBe('Finalizado');
    expect(despues.totales.total_finalizados).toBe(1);
  });
});

describe('ordenCumpleFiltros', () => {
  it('reads the creation day in Bogotá', () => {
    // 2026-11-26 03:00 UTC is still 2026-11-25 in Bogotá.
    expect(ordenCumpleFiltros(orden(1, { fecha_inserta: '2026-11-26T03:00:00.000Z' }), filtros)).toBe(true);
    expect(ordenCumpleFiltros(orden(1, { fecha_inserta: '2026-11-26T06:00:00.000Z' }), filtros)).toBe(false);
    expect(ordenCumpleFiltros(orden(1), { ...filtros, venta_id: 101, produccion_id: 1 })).toBe(true);
    expect(ordenCumpleFiltros(orden(1), { ...filtros, produccion_id: 2 })).toBe(false);
    expect(ordenCumpleFiltros(orden(1, { fecha_inserta: '2020-01-01T15:00:00.000Z' }), { ...filtros, fecha_inicial: null, fecha_final: null })).toBe(true);
  });
});

describe('rules of the row', () => {
  it('priority only when neither priority nor complete; Anular only on a started unfinished stage', () => {
    expect(puedePriorizar({ prioritario: false, completado: false })).toBe(true);
    expect(puedePriorizar({ prioritario: true, completado: false })).toBe(false);
    expect(puedePriorizar({ prioritario: false, completado: true })).toBe(false);
    expect(['pendiente', 'en_proceso', 'suspendido', 'completado'].map((e) => etapaAnulable({ estado_etapa: e as never }))).toEqual([false, true, true, false]);
  });
});

describe('Panel: el tiempo trabajado de una etapa en proceso cuenta en vivo', () => {
  const inicio = '2026-12-02T10:00:00.000Z';
  const base = { fecha_inicio_produccion: inicio, tiempo_trabajado_segundos: 0, tiempo_suspendido_segundos: 0 };
  const en = (iso: string) => Date.parse(iso);

  it('cuatro minutos después de iniciar marca cuatro minutos, no la primera lectura (0 s)', () => {
    expect(segundosTrabajados({ ...base, estado_etapa: 'en_proceso' }, en('2026-12-02T10:04:00.000Z'))).toBe(240);
  });

  it('descuenta lo que estuvo suspendida antes de continuar', () => {
    expect(segundosTrabajados({ ...base, estado_etapa: 'en_proceso', tiempo_trabajado_segundos: 300, tiempo_suspendido_segundos: 600 }, en('2026-12-02T10:20:00.000Z'))).toBe(600);
  });

  it('nunca baja de lo que leyó el servidor (un reloj de la tableta atrasado)', () => {
    expect(segundosTrabajados({ ...base, estado_etapa: 'en_proceso', tiempo_trabajado_segundos: 500 }, en('2026-12-02T10:01:00.000Z'))).toBe(500);
  });

  it('una etapa suspendida, completada o pendiente conserva la cifra del servidor', () => {
    for (const estado_etapa of ['suspendido', 'completado', 'pendiente'] as const) {
      expect(segundosTrabajados({ ...base, estado_etapa, tiempo_trabajado_segundos: 90 }, en('2026-12-02T11:00:00.000Z'))).toBe(90);
    }
  });
});

describe('Panel control producción filters in the address', () => {
  const hoy = '2026-11-26';
  const iniciales = { venta_id: null, produccion_id: null, fecha_inicial: hoy, fecha_final: hoy, cliente_id: null };

  it('writes only what differs from today, an emptied date as empty, and reads it back', () => {
    expect(escribirFiltrosPanel(new URLSearchParams(), iniciales, hoy).toString()).toBe('');
    expect(leerFiltrosPanel(new URLSearchParams(), hoy)).toEqual(iniciales);
    const aplicados = { venta_id: 15, produccion_id: 4, fecha_inicial: null, fecha_final: '2026-11-20', cliente_id: 7 };
    const direccion = escribirFiltrosPanel(new URLSearchParams(), aplicados, hoy);
    expect(direccion.toString()).toBe('venta=15&op=4&desde=&hasta=2026-11-20&cliente=7');
    expect(leerFiltrosPanel(direccion, hoy)).toEqual(aplicados);
  });

  it('reads an address the route would refuse as the opening filters', () => {
    for (const editada of ['op=0', 'venta=x', 'cliente=99999999999', 'desde=2026-11-25&hasta=2026-11-01', 'hasta=2026-13-01']) {
      expect(leerFiltrosPanel(new URLSearchParams(editada), hoy), editada).toEqual(iniciales);
    }
    expect(leerFiltrosPanel(new URLSearchParams('hasta=2027-01-01'), hoy).fecha_final).toBe(hoy);
  });
});
