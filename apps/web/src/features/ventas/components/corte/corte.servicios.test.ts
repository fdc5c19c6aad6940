import { describe, expect, it } from 'vitest';
import type { Optimizacion, Producto } from '@tablero/domain';
import { lineasDeServicio, productosDelPlan, resolverLineasDeServicio } from './corte.servicios';

function producto(id: number, referencia: string, precio: number, grupo_id = 8): Producto {
  return {
    id,
    referencia,
    prefijo: null,
    nombre_producto: `Producto ${referencia}`,
    descripcion_producto: null,
    precio_unitario: precio,
    costo_inventario_unitario: 0,
    cantidad: 50,
    impuesto_id: 1,
    funcion_producto_id: null,
    proveedor_id: 1,
    grupo_id,
    linea_id: 1,
    medida_largo: null,
    medida_ancho: null,
    grupo_servicio_id: null,
    categoria_producto_id: null,
    tipo_medida_id: null,
    codigo_tienda: '001',
    nombre_grupo: 'Servicios',
    nombre_linea: 'General',
    nombre_impuesto: 'IVA 19%',
    porcentaje_impuesto: 19,
    nombre_funcion_producto: null,
    nombre_proveedor: 'Proveedor',
    nombre_grupo_servicio: null,
    nombre_categoria_producto: 'Servicios',
    nombre_tipo_medida: null,
    fecha_registro: '2026-11-01',
    tipo_producto: 'Service',
    clase_tributaria: 'Taxed',
  };
}

const plan = {
  servicios: [
    { referencia: 'SERVICOR1', cantidad: 1 },
    { referencia: 'SERVIENC05', cantidad: 7, canto: 'TC-BLANCO-22' },
    { referencia: 'SERVIENC05', cantidad: 3, canto: 'TC-NEGRO-22' },
    { referencia: 'SERVPERF', cantidad: 8, modo: 'B' },
  ],
  materiales_canto: [
    { producto_id: 11, referencia: 'TC-BLANCO-22', nombre_producto: 'Canto blanco', cantidad: 7 },
    { producto_id: 13, referencia: 'TC-NEGRO-22', nombre_producto: 'Canto negro', cantidad: 3 },
  ],
} as unknown as Optimizacion;

const catalogo = [producto(1, 'SERVICOR1', 6000), producto(2, 'SERVIENC05', 1500), producto(3, 'SERVPERF', 900), producto(11, 'TC-BLANCO-22', 2100, 2), producto(13, 'TC-NEGRO-22', 2300, 2)];

const buscadores = (faltan: string[] = []) => {
  const llamadas: string[] = [];
  return {
    llamadas,
    porReferencia: async (referencia: string) => {
      llamadas.push(referencia);
      return faltan.includes(referencia) ? null : (catalogo.find((p) => p.referencia === referencia) ?? null);
    },
    porId: async (id: number) => {
      llamadas.push(`#${id}`);
      return catalogo.find((p) => p.id === id) ?? null;
    },
  };
};

describe('the plan service lines', () => {
  it('asks each service reference once and each edge material by id', () => {
    expect(productosDelPlan(plan)).toEqual({ referencias: ['SERVICOR1', 'SERVIENC05', 'SERVPERF'], ids: [11, 13] });
  });

  it('turns every service and edge material of the plan into an order line with its product and the plan quantity', async () => {
    const buscar = buscadores();
    const lineas = await resolverLineasDeServicio(plan, buscar);
    expect(lineas.map((l) => [l.referencia, l.cantidad_solicitada, l.precio_unitario])).toEqual([
      ['SERVICOR1', 1, 6000],
      ['SERVIENC05', 7, 1500],
      ['SERVIENC05', 3, 1500],
      ['SERVPERF', 8, 900],
      ['TC-BLANCO-22', 7, 2100],
      ['TC-NEGRO-22', 3, 2300],
    ]);
    expect(lineas[4]).toMatchObject({
      producto_id: 11,
      grupo_id: 2,
      impuesto_id: 1,
      porcentaje_impuesto: 19,
      cantidad_inventario: 50,
      categoria_producto: 'Servicios',
      servicio_lepton: true,
      porcentaje_descuento: 0,
      descuento_solicitado_id: null,
      lepton: null,
      retal: null,
    });
    expect(buscar.llamadas).toHaveLength(5);
  });

  it('fails naming every reference that has no product', async () => {
    await expect(resolverLineasDeServicio(plan, buscadores(['SERVPERF', 'SERVIENC05']))).rejects.toThrow(
      'No se encontraron los productos SERVIENC05, SERVPERF para agregar el corte a la venta',
    );
    expect(() => lineasDeServicio(plan, new Map(), new Map())).toThrow('No se encontró el producto SERVICOR1 para agregar el corte a la venta');
  });
});
