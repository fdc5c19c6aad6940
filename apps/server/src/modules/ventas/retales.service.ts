import {
  calcularPrecioRetal,
  dePesos,
  leerPesos,
  MENSAJES_RETAL,
  PARAMETRO_PRODUCTO_RETAL,
  REFERENCIA_PRODUCTO_RETAL_POR_DEFECTO,
  TIPOS_CANTO_RETAL,
  type FacturaRetal,
  type PrecioRetal,
  type Producto,
  type RetalCotizado,
  type RetalMedidas,
} from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import * as parametrosService from '../parametros';
import * as productosService from '../productos';

/**
 * spec 000 §3: VALOR_BASE_PIEZA (per m²), VALOR_BASE_CANTO_RIGIDO and VALOR_BASE_CANTO_FLEXIBLE (per metre), today's,
 * read as a form writes money ('3,800' or '3800.50'); a missing, negative or unreadable one is a configuration to fix.
 */
async function preciosBase(db: Db) {
  const textos = await Promise.all(['VALOR_BASE_PIEZA', 'VALOR_BASE_CANTO_RIGIDO', 'VALOR_BASE_CANTO_FLEXIBLE'].map((codigo) => parametrosService.valorParametro(db, codigo)));
  const centavos = textos.map((texto) => (texto === null ? null : leerPesos(texto)));
  if (centavos.some((valor) => typeof valor !== 'number' || valor < 0)) throw new AppError('RETAL_NO_CONFIGURADO', MENSAJES_RETAL.sinPrecios);
  const [pieza, canto_rigido, canto_flexible] = centavos.map((valor) => dePesos(valor as number));
  return { pieza: pieza!, canto_rigido: canto_rigido!, canto_flexible: canto_flexible! };
}

/** The product offcut lines are sold as: the reference in REFERENCIA_PRODUCTO_RETAL, 'RETAL' without the parameter. */
export async function productoRetal(db: Db, codigoTienda: string): Promise<Producto> {
  const referencia = (await parametrosService.valorParametro(db, PARAMETRO_PRODUCTO_RETAL))?.trim() || REFERENCIA_PRODUCTO_RETAL_POR_DEFECTO;
  try {
    return await productosService.leerProductoPorReferencia(db, codigoTienda, referencia);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PRODUCTO_NO_ENCONTRADO') throw new AppError('RETAL_NO_CONFIGURADO', MENSAJES_RETAL.sinProducto);
    throw error;
  }
}

/**
 * The pricing of offcuts with today's base prices (spec 000 §9; calcularPrecioRetal): the parameters are read once,
 * so an order with several offcut lines prices them all from one read.
 */
export async function cotizadorRetal(db: Db): Promise<(medidas: RetalMedidas) => PrecioRetal> {
  const precios = await preciosBase(db);
  return (medidas) => calcularPrecioRetal({ ...medidas, precios });
}

const NOMBRES_CANTO = { [TIPOS_CANTO_RETAL.rigido]: 'rígido', [TIPOS_CANTO_RETAL.flexible]: 'flexible' } as const;

/** 'Retal 600 × 400 mm, canto rígido en 2 lados': what the order line and the invoice say of the offcut. */
export function descripcionRetal(medidas: RetalMedidas): string {
  const base = `Retal ${medidas.base} × ${medidas.altura} mm`;
  const lados = Object.values(medidas.lados).filter(Boolean).length;
  if (medidas.tipo_canto === TIPOS_CANTO_RETAL.ninguno || lados === 0) return `${base}, sin canto`;
  return `${base}, canto ${NOMBRES_CANTO[medidas.tipo_canto]} en ${lados} ${lados === 1 ? 'lado' : 'lados'}`;
}

/**
 * POST facturas/retal (spec 000 §2.11, §7): prices the offcut from its measures with today's base prices and answers
 * the order line the form opens with. The spec's amounts, when the calculator sends them, must be the server's: a
 * calculator with stale prices is told to calculate again rather than sell at a price nobody set.
 */
export async function cotizarRetal(db: Db, actor: Actor, datos: FacturaRetal): Promise<RetalCotizado> {
  const codigoTienda = tiendaDelActor(actor);
  const { base, altura, tipo_canto, lados } = datos;
  const medidas: RetalMedidas = { base, altura, tipo_canto, lados };
  const [cotizar, producto] = await Promise.all([cotizadorRetal(db), productoRetal(db, codigoTienda)]);
  const precio = cotizar(medidas);
  const enviados: [number | undefined, number][] = [
    [datos.total_precio_base, precio.total_precio_base],
    [datos.total_precio_canto, precio.total_precio_canto],
    [datos.cantidad_canto, precio.cantidad_canto],
  ];
  if (enviados.some(([cliente, servidor]) => cliente !== undefined && Math.abs(cliente - servidor) > 1e-9)) {
    throw new AppError('RETAL_PRECIO_NO_COINCIDE', MENSAJES_RETAL.totales);
  }
  return {
    precio,
    linea: {
      producto_id: producto.id,
      referencia: producto.referencia,
      nombre_producto: producto.nombre_producto,
      grupo_id: producto.grupo_id,
      impuesto_id: producto.impuesto_id,
      porcentaje_impuesto: producto.porcentaje_impuesto,
      precio_unitario: precio.total,
      cantidad_solicitada: 1,
      descripcion: descripcionRetal(medidas),
      retal: medidas,
    },
  };
}
