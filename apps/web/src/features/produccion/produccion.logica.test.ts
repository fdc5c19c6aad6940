import { describe, expect, it } from 'vitest';
import { SIN_UNIDAD, type Tercero } from '@tablero/domain';
import {
  cantidadesPorUnidad,
  CONFIRMACIONES_PRODUCCION,
  cuerpoVentasProduccion,
  escribirFiltrosGenerar,
  escribirFiltrosPreparar,
  filtrosGenerarIniciales,
  FILTROS_PREPARAR_INICIALES,
  leerFiltrosGenerar,
  leerFiltrosPreparar,
  planosDeVenta,
  referenciasPorVenta,
} from './produccion.logica';

const cliente = { id: 7, numero_documento: '900123', nombres: 'Ana', apellidos: 'Gómez' } as Tercero;

describe('Generar orden producción: filtros', () => {
  it('opens on Pendientes producción (state 2), the last two months to today', () => {
    const filtros = filtrosGenerarIniciales('2026-11-26');
    expect(filtros).toEqual({ modo: 'produccion', fecha_inicial: '2026-09-26', fecha_final: '2026-11-26', cliente: null, venta_id: null });
    expect(cuerpoVentasProduccion(filtros)).toEqual({
      fecha_inicial: '2026-09-26',
      fecha_final: '2026-11-26',
      estado_venta_id: 2,
      proceso_produccion: true,
      cliente_id: null,
      venta_id: null,
    });
  });

  it('sends the sale number only in Pendientes facturar, and the customer by id', () => {
    const base = { ...filtrosGenerarIniciales('2026-11-26'), cliente, venta_id: 15 };
    expect(cuerpoVentasProduccion(base)).toMatchObject({ estado_venta_id: 2, proceso_produccion: true, cliente_id: 7, venta_id: null });
    expect(cuerpoVentasProduccion({ ...base, modo: 'facturar' })).toMatchObject({ estado_venta_id: 1, proceso_produccion: false, cliente_id: 7, venta_id: 15 });
  });
});

describe('Preparación orden producción', () => {
  it('lists each sale’s product references once, in item order, services aside', () => {
    const mapa = referenciasPorVenta([
      { venta_id: 2, item: 2, referencia: 'SERVIENC1', grupo_servicio_id: 2, item_padre: 1 },
      { venta_id: 2, item: 1, referencia: 'MDF15', grupo_servicio_id: null, item_padre: null },
      { venta_id: 2, item: 3, referencia: 'MDF15', grupo_servicio_id: null, item_padre: null },
      { venta_id: 3, item: 1, referencia: 'CORTE', grupo_servicio_id: 1, item_padre: null },
    ]);
    expect(mapa.get(2)).toEqual(['MDF15']);
    expect(mapa.get(3)).toEqual(['CORTE']);
  });

  it('words the confirmations as the spec', () => {
    expect(CONFIRMACIONES_PRODUCCION.crearOp(12)).toBe('Se va a generar la orden de producción para la venta No.12. ¿Desea continuar?');
    expect(CONFIRMACIONES_PRODUCCION.prepararMaterial(5)).toBe('Se va a poner como producto preparado la OP No.5. ¿Desea continuar?');
  });
});

describe('Todos los planos de la OP', () => {
  const linea = (item: number, nombre_producto: string, link_planos_lepton: string | null, venta_id = 5) => ({ venta_id, item, nombre_producto, link_planos_lepton });

  it('una venta con dos tableros cortados ofrece los dos planos, en orden de ítem, con el nombre de cada tablero', () => {
    const lineas = [
      linea(3, 'Melamina Gris Grafito 15 mm', '/planos/b.pdf'),
      linea(1, 'Melamina Blanca 18 mm', '/planos/a.pdf'),
      linea(2, 'Servicio de corte', null),
      linea(1, 'Otra venta', '/planos/otra.pdf', 6),
    ];
    expect(planosDeVenta(lineas, 5)).toEqual([
      { item: 1, etiqueta: 'Plano 1 · Melamina Blanca 18 mm', link: '/planos/a.pdf' },
      { item: 3, etiqueta: 'Plano 2 · Melamina Gris Grafito 15 mm', link: '/planos/b.pdf' },
    ]);
  });

  it('una venta sin plano no ofrece ninguno (Despiece abre el detalle de la venta)', () => {
    expect(planosDeVenta([linea(1, 'Melamina', null)], 5)).toEqual([]);
  });
});

describe('Una unidad por cifra: la cantidad de la OP', () => {
  const linea = (item: number, cantidad: number, unidad: string | null, grupo_servicio_id: number | null = null) => ({ venta_id: 5, item, cantidad, unidad, grupo_servicio_id });

  it('láminas y metros de canto no se suman: una cifra por unidad, sin los servicios', () => {
    const lineas = [linea(1, 2, 'Lámina'), linea(2, 12.5, 'Metro lineal'), linea(3, 1, 'Lámina'), linea(4, 0.35, 'Metro lineal'), linea(5, 8, 'Servicio', 2)];
    expect(cantidadesPorUnidad(lineas, 5)).toEqual([
      { unidad: 'Lámina', cantidad: 3 },
      { unidad: 'Metro lineal', cantidad: 12.85 },
    ]);
  });

  it('un producto sin tipo de medida cuenta aparte, nombrado', () => {
    expect(cantidadesPorUnidad([linea(1, 2, null), linea(2, 1, 'Unidad')], 5)).toEqual([
      { unidad: SIN_UNIDAD, cantidad: 2 },
      { unidad: 'Unidad', cantidad: 1 },
    ]);
  });
});

describe('Generar and Preparación filters in the address', () => {
  const hoy = '2026-11-26';

  it('Generar: the mode, the range, the customer by id and, in Pendientes facturar only, the sale', () => {
    const { cliente: _ninguno, ...abiertos } = filtrosGenerarIniciales(hoy);
    const iniciales = { ...abiertos, cliente_id: null };
    expect(escribirFiltrosGenerar(new URLSearchParams(), iniciales, hoy).toString()).toBe('');
    expect(leerFiltrosGenerar(new URLSearchParams(), hoy)).toEqual(iniciales);
    const aplicados = { modo: 'facturar' as const, venta_id: 15, fecha_inicial: '2026-11-01', fecha_final: hoy, cliente_id: 7 };
    const direccion = escribirFiltrosGenerar(new URLSearchParams('pagina=2'), aplicados, hoy);
    expect(direccion.toString()).toBe('pagina=2&modo=facturar&venta=15&desde=2026-11-01&cliente=7');
    expect(leerFiltrosGenerar(direccion, hoy)).toEqual(aplicados);
    // A sale number in Pendientes producción is no filter there.
    expect(leerFiltrosGenerar(new URLSearchParams('venta=15'), hoy).venta_id).toBeNull();
    for (const editada of ['modo=todas', 'desde=', 'desde=2026-11-20&hasta=2026-11-01', 'cliente=0']) {
      expect(leerFiltrosGenerar(new URLSearchParams(editada), hoy), editada).toEqual(iniciales);
    }
  });

  it('Preparación: no filter to start; a sale and a range read back; an edited address is no filter', () => {
    expect(escribirFiltrosPreparar(new URLSearchParams(), FILTROS_PREPARAR_INICIALES).toString()).toBe('');
    const aplicados = { venta_id: 15, fecha_inicial: '2026-11-01', fecha_final: '2026-11-20' };
    const direccion = escribirFiltrosPreparar(new URLSearchParams(), aplicados);
    expect(direccion.toString()).toBe('venta=15&desde=2026-11-01&hasta=2026-11-20');
    expect(leerFiltrosPreparar(direccion, hoy)).toEqual(aplicados);
    expect(leerFiltrosPreparar(new URLSearchParams('venta=-2'), hoy)).toEqual(FILTROS_PREPARAR_INICIALES);
  });
});
