import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ROLES, type ClaseTributaria, type CodigoImpuestoDian, type Rol, type TipoProducto } from '@tablero/domain';
import type { Database } from '../src/db/database';
import { crearTienda, crearUsuarioConSesion, type TiendaPrueba, type UsuarioPrueba } from './factories-base';

/** Test data of the productos area (products, catalogs, inventory). Never the demo seed. */

let secuencia = 0;
const siguiente = () => ++secuencia;

export type ConSesion = UsuarioPrueba & { token: string };

export interface Escenario {
  tienda: TiendaPrueba;
  otra: TiendaPrueba;
  ajena: TiendaPrueba;
  /** One logged-in user per role, working in `tienda` and `otra` (not in `ajena`). */
  porRol: Record<Rol, ConSesion>;
}

/** Two stores of the users, one store of nobody's, and a logged-in user of each role. */
export async function crearEscenario(app: FastifyInstance, db: Kysely<Database>): Promise<Escenario> {
  const tienda = await crearTienda(db);
  const otra = await crearTienda(db);
  const ajena = await crearTienda(db);
  const porRol = {} as Record<Rol, ConSesion>;
  for (const role of ROLES) {
    porRol[role] = await crearUsuarioConSesion(app, db, { role, tiendas: [tienda.codigo_tienda, otra.codigo_tienda] });
  }
  return { tienda, otra, ajena, porRol };
}

export async function crearImpuesto(
  db: Kysely<Database>,
  datos: {
    nombre_impuesto?: string;
    porcentaje_impuesto?: number;
    clase_impuesto?: 'IVA' | 'OTRO';
    clase_tributaria?: ClaseTributaria;
    codigo_impuesto_dian?: CodigoImpuestoDian;
  } = {},
) {
  const porcentaje = datos.porcentaje_impuesto ?? 19;
  const fila = {
    nombre_impuesto: datos.nombre_impuesto ?? `IVA ${siguiente()}`,
    porcentaje_impuesto: porcentaje,
    clase_impuesto: datos.clase_impuesto ?? 'IVA',
    // A tax at 0 % is excluded unless told (the table's check: only a taxed tax has a rate).
    clase_tributaria: datos.clase_tributaria ?? (porcentaje > 0 ? 'Taxed' : 'Excluded'),
    codigo_impuesto_dian: datos.codigo_impuesto_dian ?? '01',
  } as const;
  const { id } = await db.insertInto('impuesto').values(fila).returning('id').executeTakeFirstOrThrow();
  return { id, ...fila };
}

export async function crearCategoria(db: Kysely<Database>, datos: { nombre_categoria_producto?: string; categoria_producto_padre_id?: number | null } = {}) {
  const fila = {
    nombre_categoria_producto: datos.nombre_categoria_producto ?? `Categoría ${siguiente()}`,
    categoria_producto_padre_id: datos.categoria_producto_padre_id ?? null,
    siigo_clasificacion_inventario_id: null,
  };
  const { id } = await db.insertInto('categoria_producto').values(fila).returning('id').executeTakeFirstOrThrow();
  return { id, ...fila };
}

export async function crearTipoMedida(db: Kysely<Database>, datos: { nombre_corto_tipo_medida?: string; nombre_tipo_medida?: string } = {}) {
  const n = siguiente();
  const fila = { nombre_corto_tipo_medida: datos.nombre_corto_tipo_medida ?? `U${n}`, nombre_tipo_medida: datos.nombre_tipo_medida ?? `Unidad ${n}` };
  const { id } = await db.insertInto('tipo_medida').values(fila).returning('id').executeTakeFirstOrThrow();
  return { id, ...fila };
}

/** Board groups as the demo has them (1 melamine, 3 MDF). */
export async function fijarGruposTableros(db: Kysely<Database>, valor = '1,3') {
  await db
    .insertInto('parametro')
    .values({ codigo_parametro: 'LISTA_GRUPOS_TABLEROS', valor_parametro: valor })
    .onConflict((oc) => oc.column('codigo_parametro').doUpdateSet({ valor_parametro: valor }))
    .execute();
}

export interface ProductoPrueba {
  id: number;
  referencia: string;
  nombre_producto: string;
}

/**
 * A product with a stock row in each of `tiendas` (quantity and price per store), inserted directly.
 * Groups and lines come from the migrations: 1 melamine (lines 1–3), 2 edge bands (4–5), 3 MDF (6–7), 4 hardware (8–11),
 * 5 services (12–14), 8 special services (15). Service groups (GRUPOS_SERVICIO): 1 Corte, 2 Enchape, 3 Servicios especiales, 6 Empaque.
 */
export async function crearProducto(
  db: Kysely<Database>,
  datos: {
    referencia?: string;
    nombre_producto?: string;
    impuesto_id: number;
    proveedor_id: number;
    grupo_id?: number;
    linea_id?: number;
    grupo_servicio_id?: number | null;
    /** Its measure type (crearTipoMedida): a length or area unit lets its stock hold fractions. */
    tipo_medida_id?: number | null;
    tipo_producto?: TipoProducto;
    precio_unitario?: number;
    tiendas?: { codigo_tienda: string; cantidad?: number; precio_unitario?: number; costo_inventario_unitario?: number }[];
  },
): Promise<ProductoPrueba> {
  const n = siguiente();
  const fila = {
    referencia: datos.referencia ?? `REF-${n}-${Math.random().toString(36).slice(2, 7)}`,
    nombre_producto: datos.nombre_producto ?? `Producto ${n}`,
    precio_unitario: datos.precio_unitario ?? 1000,
    impuesto_id: datos.impuesto_id,
    proveedor_id: datos.proveedor_id,
    grupo_id: datos.grupo_id ?? 4,
    linea_id: datos.linea_id ?? 8,
    grupo_servicio_id: datos.grupo_servicio_id ?? null,
    tipo_medida_id: datos.tipo_medida_id ?? null,
    tipo_producto: datos.tipo_producto ?? (datos.grupo_servicio_id ? 'Service' : 'Product'),
  } as const;
  const { id } = await db.insertInto('producto').values(fila).returning('id').executeTakeFirstOrThrow();
  for (const t of datos.tiendas ?? []) {
    await db
      .insertInto('inventario')
      .values({
        codigo_tienda: t.codigo_tienda,
        producto_id: id,
        cantidad: t.cantidad ?? 0,
        precio_unitario: t.precio_unitario ?? fila.precio_unitario,
        costo_inventario_unitario: t.costo_inventario_unitario ?? 0,
      })
      .execute();
  }
  return { id, referencia: fila.referencia, nombre_producto: fila.nombre_producto };
}

/** The store's stock row of the product; the quantity as a number (the column is numeric(14,2) text). */
export async function saldoDe(db: Kysely<Database>, codigoTienda: string, productoId: number) {
  const fila = await db
    .selectFrom('inventario')
    .select(['cantidad', 'precio_unitario', 'costo_inventario_unitario'])
    .where('codigo_tienda', '=', codigoTienda)
    .where('producto_id', '=', productoId)
    .executeTakeFirst();
  return fila && { ...fila, cantidad: Number(fila.cantidad) };
}

/** The product's ledger in the store, oldest first; quantity and balance as numbers. */
export async function movimientosDe(db: Kysely<Database>, codigoTienda: string, productoId: number) {
  const filas = await db
    .selectFrom('inventario_movimiento')
    .select(['tipo_movimiento', 'cantidad', 'saldo', 'costo_unitario', 'user_id', 'motivo', 'documento'])
    .where('codigo_tienda', '=', codigoTienda)
    .where('producto_id', '=', productoId)
    .orderBy('id')
    .execute();
  return filas.map((fila) => ({ ...fila, cantidad: Number(fila.cantidad), saldo: Number(fila.saldo) }));
}

/** Accounting-system lookups with fixed ids (they have no create screen). */
export async function crearSiigo(db: Kysely<Database>) {
  await sql`insert into siigo_clasificacion_inventario (id, nombre, activo) values (1, 'Mercancía para la venta', true), (2, 'Obsoleta', false) on conflict do nothing`.execute(db);
  await sql`insert into siigo_impuesto (id, nombre, porcentaje_impuesto, activo) values (1, 'IVA 19%', 19, true), (2, 'IVA 16% (histórico)', 16, false) on conflict do nothing`.execute(db);
}
