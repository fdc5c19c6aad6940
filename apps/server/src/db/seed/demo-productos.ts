import { sql } from 'kysely';
import { GRUPOS_SERVICIO, type ProductoGuardar, type TipoProducto } from '@tablero/domain';
import { actorSistema, type Trx } from '../transaccion';
import * as categoriasService from '../../modules/categorias-productos';
import * as impuestosService from '../../modules/impuestos';
import * as inventarioService from '../../modules/inventario';
import * as productosService from '../../modules/productos';
import * as tiposMedidasService from '../../modules/tipos-medidas';

/**
 * Demo catalog (docs/decisions-productos.md): melamine and MDF boards of several colours and thicknesses (2440 × 2150),
 * edge bands whose codes exercise the three edge-service rules (…3R, …R, other), the cutting and edging
 * services, special services, hardware; stock and prices in stores 001 and 002.
 * Groups: 1 Tableros melamina, 2 Tapacantos, 3 Tableros MDF, 4 Herrajes, 5 Servicios, 8 Servicios especiales (the
 * cutting dialog's special-service search, spec 001 §9), from the migrations.
 */

interface ProductoDemo {
  referencia: string;
  nombre_producto: string;
  precio: number;
  grupo_id: number;
  linea_id: number;
  proveedor: 'tableros' | 'cantos' | 'herrajes';
  impuesto?: 'iva19' | 'excluido';
  grupo_servicio_id?: number;
  funcion_producto_id?: number;
  /** Product unless told; the services are 'Service'. */
  tipo_producto?: TipoProducto;
  categoria?: 'melamina' | 'mdf' | 'tapacantos' | 'herrajes' | 'servicios';
  tipo_medida?: 'LAM' | 'ML' | 'UND' | 'SRV';
  /** Stock in 001 and 002. */
  stock: [number, number];
  descripcion?: string;
}

const COLORES_MELAMINA: { codigo: string; nombre: string; linea: number; espesores: number[] }[] = [
  { codigo: 'BL', nombre: 'Blanco', linea: 1, espesores: [9, 15, 18] },
  { codigo: 'NG', nombre: 'Negro', linea: 1, espesores: [15, 18] },
  { codigo: 'GG', nombre: 'Gris Grafito', linea: 1, espesores: [15, 18] },
  { codigo: 'RS', nombre: 'Roble Santana', linea: 2, espesores: [15, 18] },
  { codigo: 'NC', nombre: 'Nogal Cádiz', linea: 2, espesores: [15, 18] },
  { codigo: 'WG', nombre: 'Wengué', linea: 2, espesores: [18] },
  { codigo: 'LN', nombre: 'Lino Cenizo', linea: 3, espesores: [15, 18] },
];
const PRECIO_MELAMINA: Record<number, number> = { 9: 128_000, 15: 186_500, 18: 214_900 };

function melaminas(): ProductoDemo[] {
  return COLORES_MELAMINA.flatMap((color, i) =>
    color.espesores.map((espesor, j) => ({
      referencia: `MEL-${color.codigo}-${espesor}`,
      nombre_producto: `Tablero Melamina ${color.nombre} ${espesor} mm 2440 x 2150`,
      precio: Math.round(PRECIO_MELAMINA[espesor]! * (color.linea === 1 ? 1 : 1.14)),
      grupo_id: 1,
      linea_id: color.linea,
      proveedor: 'tableros' as const,
      categoria: 'melamina' as const,
      tipo_medida: 'LAM' as const,
      // One board without stock in 002, to show the highlighted rows of the search modal. The main store keeps a rack of
      // each (saved orders reserve boards: docs/decisions-reservas.md), still below a 200-board order.
      stock: [60 + ((i * 7 + j * 5) % 23), color.codigo === 'WG' ? 0 : 6 + ((i + j) % 9)] as [number, number],
      descripcion: `Tablero aglomerado con recubrimiento melamínico ${color.nombre.toLowerCase()} por ambas caras`,
    })),
  );
}

function mdf(): ProductoDemo[] {
  const crudo = [3, 5.5, 9, 12, 15, 18].map((espesor, i) => ({
    referencia: `MDF-CR-${String(espesor).replace('.', '')}`,
    nombre_producto: `Tablero MDF Crudo ${String(espesor).replace('.', ',')} mm 2440 x 2150`,
    precio: [38_900, 52_400, 79_800, 98_500, 121_000, 139_900][i]!,
    grupo_id: 3,
    linea_id: 6,
    proveedor: 'tableros' as const,
    categoria: 'mdf' as const,
    tipo_medida: 'LAM' as const,
    stock: [40 + i * 3, 4 + i] as [number, number],
  }));
  return [
    ...crudo,
    { referencia: 'MDF-RB-15', nombre_producto: 'Tablero MDF Enchapado Roble 15 mm 2440 x 2150', precio: 265_000, grupo_id: 3, linea_id: 7, proveedor: 'tableros', categoria: 'mdf', tipo_medida: 'LAM', stock: [40, 2] },
  ];
}

/** Edge codes: ending in 3R → SERVIENC33R, ending in R → SERVIENC02, other → SERVIENC05 (spec 000 §9). */
function tapacantos(): ProductoDemo[] {
  const colores = [
    { codigo: 'BL', nombre: 'Blanco' },
    { codigo: 'NG', nombre: 'Negro' },
    { codigo: 'RS', nombre: 'Roble Santana' },
    { codigo: 'GG', nombre: 'Gris Grafito' },
  ];
  return colores.flatMap((color, i) => [
    { referencia: `TC-${color.codigo}-22X3R`, nombre_producto: `Tapacanto rígido PVC ${color.nombre} 22 x 3 mm`, precio: 3_900, grupo_id: 2, linea_id: 4, proveedor: 'cantos' as const, categoria: 'tapacantos' as const, tipo_medida: 'ML' as const, stock: [400 + i * 50, 150] as [number, number] },
    { referencia: `TC-${color.codigo}-22X045R`, nombre_producto: `Tapacanto rígido PVC ${color.nombre} 22 x 0,45 mm`, precio: 1_450, grupo_id: 2, linea_id: 4, proveedor: 'cantos' as const, categoria: 'tapacantos' as const, tipo_medida: 'ML' as const, stock: [800, 300 + i * 20] as [number, number] },
    { referencia: `TC-${color.codigo}-22-FLX`, nombre_producto: `Tapacanto flexible ${color.nombre} 22 mm`, precio: 2_100, grupo_id: 2, linea_id: 5, proveedor: 'cantos' as const, categoria: 'tapacantos' as const, tipo_medida: 'ML' as const, stock: [250, i === 3 ? 0 : 90] as [number, number] },
  ]);
}

/** Product group and line of the special services (migration 202611230200). */
const GRUPO_SERVICIOS_ESPECIALES = 8;
const LINEA_SERVICIOS_ESPECIALES = 15;

function servicios(): ProductoDemo[] {
  const servicio = (referencia: string, nombre_producto: string, precio: number, grupo_servicio_id: number, linea_id: number): ProductoDemo => ({
    referencia,
    nombre_producto,
    precio,
    // Special services are product group 8, which the cutting dialog lists; the others stay in 5 Servicios.
    grupo_id: linea_id === LINEA_SERVICIOS_ESPECIALES ? GRUPO_SERVICIOS_ESPECIALES : 5,
    linea_id,
    grupo_servicio_id,
    proveedor: 'tableros',
    funcion_producto_id: 3,
    tipo_producto: 'Service',
    categoria: 'servicios',
    tipo_medida: 'SRV',
    // Services are not stocked: a large balance keeps them from showing as sold out.
    stock: [10_000, 10_000],
  });
  return [
    servicio('SERVICOR1', 'Servicio de corte por tablero', 9_500, GRUPOS_SERVICIO.CORTE, 12),
    servicio('SERVIENC02', 'Servicio de enchape canto rígido delgado (metro)', 1_200, GRUPOS_SERVICIO.ENCHAPE, 13),
    servicio('SERVIENC05', 'Servicio de enchape canto flexible (metro)', 1_500, GRUPOS_SERVICIO.ENCHAPE, 13),
    servicio('SERVIENC33R', 'Servicio de enchape canto grueso 3 mm (metro)', 2_300, GRUPOS_SERVICIO.ENCHAPE, 13),
    servicio('SERVPERF35', 'Perforación para bisagra de cazoleta 35 mm', 1_800, GRUPOS_SERVICIO.SERVICIOS_ESPECIALES, LINEA_SERVICIOS_ESPECIALES),
    servicio('SERVRANURA', 'Ranura para fondo de cajón (metro)', 2_500, GRUPOS_SERVICIO.SERVICIOS_ESPECIALES, LINEA_SERVICIOS_ESPECIALES),
    servicio('SERVCANAL', 'Canal para perfil tirador (metro)', 3_200, GRUPOS_SERVICIO.SERVICIOS_ESPECIALES, LINEA_SERVICIOS_ESPECIALES),
    servicio('SERVEMPAQ', 'Empaque y protección de piezas', 6_000, GRUPOS_SERVICIO.EMPAQUE, 14),
    // The product offcut lines sell as (REFERENCIA_PRODUCTO_RETAL, 'RETAL' by default): each line carries its own
    // price from the offcut calculator; the list price is the piece's base price per m², for reference.
    {
      referencia: 'RETAL',
      nombre_producto: 'Retal de tablero a la medida',
      precio: 48_000,
      grupo_id: 5,
      linea_id: 12,
      proveedor: 'tableros',
      categoria: 'servicios',
      tipo_medida: 'UND',
      stock: [10_000, 10_000],
    },
  ];
}

function herrajes(): ProductoDemo[] {
  const herraje = (referencia: string, nombre_producto: string, precio: number, linea_id: number, stock: [number, number]): ProductoDemo => ({
    referencia,
    nombre_producto,
    precio,
    grupo_id: 4,
    linea_id,
    proveedor: 'herrajes',
    categoria: 'herrajes',
    tipo_medida: 'UND',
    stock,
  });
  return [
    herraje('BIS-CL-35', 'Bisagra cierre lento 35 mm recta', 6_900, 8, [240, 80]),
    herraje('BIS-CL-35C', 'Bisagra cierre lento 35 mm codo', 7_200, 8, [120, 0]),
    herraje('COR-TEL-45', 'Corredera telescópica 45 cm (par)', 18_500, 9, [60, 24]),
    herraje('COR-TEL-50', 'Corredera telescópica 50 cm (par)', 21_900, 9, [0, 12]),
    herraje('TOR-AGL-4X40', 'Tornillo para aglomerado 4 x 40 mm (caja x 100)', 12_400, 10, [35, 10]),
    herraje('TOR-CONF-7X50', 'Tornillo confirmat 7 x 50 mm (caja x 50)', 15_800, 10, [22, 8]),
    herraje('MAN-BAR-128', 'Manija barra aluminio 128 mm', 8_300, 11, [90, 30]),
    herraje('MAN-BOT-NG', 'Manija botón negra', 3_100, 11, [150, 0]),
  ];
}

/** Loads the demo catalog; runs once, inside the demo transaction, after stores, parameters and suppliers. */
export async function cargarProductosDemo(db: Trx): Promise<void> {
  await sql`
    insert into siigo_clasificacion_inventario (id, nombre, activo) values
      (1, 'Mercancía no fabricada por la empresa', true),
      (2, 'Productos terminados', true),
      (3, 'Materiales, repuestos y accesorios', true),
      (4, 'Inventario en desuso', false)
    on conflict do nothing
  `.execute(db);
  await sql`
    insert into siigo_impuesto (id, nombre, porcentaje_impuesto, activo) values
      (1, 'IVA 19%', 19, true), (2, 'IVA 5%', 5, true), (3, 'IVA 16% (histórico)', 16, false), (4, 'IVA 0% (exento)', 0, true)
    on conflict do nothing
  `.execute(db);

  // Each tax with its kind and DIAN code (docs/decisions-factura-electronica.md, "Clase tributaria").
  const gravadoIva = { activo: true, clase_impuesto: 'IVA', clase_tributaria: 'Taxed', codigo_impuesto_dian: '01' } as const;
  const iva19 = await impuestosService.crearImpuesto(db, { ...gravadoIva, nombre_impuesto: 'IVA 19%', porcentaje_impuesto: 19, siigo_impuesto_id: 1 });
  await impuestosService.crearImpuesto(db, { ...gravadoIva, nombre_impuesto: 'IVA 5%', porcentaje_impuesto: 5, siigo_impuesto_id: 2 });
  const excluido = await impuestosService.crearImpuesto(db, { ...gravadoIva, nombre_impuesto: 'Excluido', porcentaje_impuesto: 0, siigo_impuesto_id: null, clase_tributaria: 'Excluded' });
  // An exempt product goes to Siigo with Siigo's IVA at 0 % ("Siigo: tipo de producto y clase tributaria").
  await impuestosService.crearImpuesto(db, { ...gravadoIva, nombre_impuesto: 'Exento de IVA', porcentaje_impuesto: 0, siigo_impuesto_id: 4, clase_tributaria: 'Exempt' });
  // What an order adds in 'Otros impuestos' (docs/decisions.md "Pedidos"): a tax of another class than the products' IVA.
  await impuestosService.crearImpuesto(db, {
    ...gravadoIva,
    nombre_impuesto: 'Impuesto al consumo 8%',
    porcentaje_impuesto: 8,
    siigo_impuesto_id: null,
    clase_impuesto: 'OTRO',
    codigo_impuesto_dian: '04',
  });

  const tableros = await categoriasService.crearCategoria(db, { nombre_categoria_producto: 'Tableros', categoria_producto_padre_id: null, siigo_clasificacion_inventario_id: 1 });
  const categorias = {
    melamina: await categoriasService.crearCategoria(db, { nombre_categoria_producto: 'Tableros de melamina', categoria_producto_padre_id: tableros, siigo_clasificacion_inventario_id: 1 }),
    mdf: await categoriasService.crearCategoria(db, { nombre_categoria_producto: 'Tableros de MDF', categoria_producto_padre_id: tableros, siigo_clasificacion_inventario_id: 1 }),
    tapacantos: await categoriasService.crearCategoria(db, { nombre_categoria_producto: 'Tapacantos', categoria_producto_padre_id: null, siigo_clasificacion_inventario_id: 3 }),
    herrajes: await categoriasService.crearCategoria(db, { nombre_categoria_producto: 'Herrajes y accesorios', categoria_producto_padre_id: null, siigo_clasificacion_inventario_id: 3 }),
    servicios: await categoriasService.crearCategoria(db, { nombre_categoria_producto: 'Servicios de taller', categoria_producto_padre_id: null, siigo_clasificacion_inventario_id: null }),
  };
  const medidas = {
    UND: await tiposMedidasService.crearTipoMedida(db, { nombre_corto_tipo_medida: 'UND', nombre_tipo_medida: 'Unidad' }),
    ML: await tiposMedidasService.crearTipoMedida(db, { nombre_corto_tipo_medida: 'ML', nombre_tipo_medida: 'Metro lineal' }),
    LAM: await tiposMedidasService.crearTipoMedida(db, { nombre_corto_tipo_medida: 'LAM', nombre_tipo_medida: 'Lámina' }),
    SRV: await tiposMedidasService.crearTipoMedida(db, { nombre_corto_tipo_medida: 'SRV', nombre_tipo_medida: 'Servicio' }),
  };

  // Suppliers come from the masters' demo data; any supplier will do if those names change.
  let proveedores = await productosService.listarProveedores(db);
  if (proveedores.length === 0) {
    await db
      .insertInto('proveedor')
      .values({ nombre_proveedor: 'Proveedor general de tableros', nit: '900000001-2', numero_telefonico: '6010000000', correo_electronico: 'compras@proveedor.test' })
      .execute();
    proveedores = await productosService.listarProveedores(db);
  }
  const proveedor = (palabra: string) => (proveedores.find((p) => p.nombre_proveedor.toLowerCase().includes(palabra)) ?? proveedores[0]!).id;
  const proveedorDe = { tableros: proveedor('tablero'), cantos: proveedor('canto'), herrajes: proveedor('herraje') };

  for (const producto of [...melaminas(), ...mdf(), ...tapacantos(), ...servicios(), ...herrajes()]) {
    const esTablero = producto.grupo_id === 1 || producto.grupo_id === 3;
    const datos: ProductoGuardar = {
      referencia: producto.referencia,
      prefijo: null,
      nombre_producto: producto.nombre_producto,
      descripcion_producto: producto.descripcion ?? null,
      precio_unitario: producto.precio,
      cantidad: producto.stock[0],
      impuesto_id: producto.impuesto === 'excluido' ? excluido : iva19,
      proveedor_id: proveedorDe[producto.proveedor],
      grupo_id: producto.grupo_id,
      linea_id: producto.linea_id,
      funcion_producto_id: producto.funcion_producto_id ?? 1,
      grupo_servicio_id: producto.grupo_servicio_id ?? null,
      categoria_producto_id: producto.categoria ? categorias[producto.categoria] : null,
      tipo_medida_id: producto.tipo_medida ? medidas[producto.tipo_medida] : null,
      medida_largo: esTablero ? 2440 : null,
      medida_ancho: esTablero ? 2150 : null,
      tipo_producto: producto.tipo_producto ?? 'Product',
    };
    const id = await productosService.crearProducto(db, actorSistema('001'), datos);
    // Store 002 sells a little dearer and holds less stock.
    await inventarioService.moverStock(db, {
      codigoTienda: '002',
      productoId: id,
      tipo: 'INICIAL',
      cantidad: producto.stock[1],
      userId: null,
      motivo: 'Saldo inicial de demostración',
      documento: 'Datos de demostración',
      costoUnitario: Math.round(producto.precio * 0.62),
      precioUnitario: Math.round(producto.precio * 1.03),
    });
  }
  // Costs of store 001 too, for the export and the kardex.
  await sql`update inventario i set costo_inventario_unitario = round(p.precio_unitario * 0.6, 2) from producto p where p.id = i.producto_id and i.codigo_tienda = '001'`.execute(db);
}
