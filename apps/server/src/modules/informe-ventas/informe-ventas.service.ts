/**
 * The sales report (docs/decisions-informe-ventas.md): money sold in a date range by seller, product, category or
 * store, net of the range's annulments and partial returns (each on its own day, docs/decisions-reportes-dinero.md),
 * with the margin where the product's cost is known and each seller's commission; its .xlsx; the commission rates.
 * Every figure is added up by PostgreSQL (informe-ventas.repository.ts); here only pesos are read from centavos.
 */
import {
  aCentavos,
  archivoInformeVentas,
  dePesos,
  ETIQUETAS_AGRUPACION,
  hoyNegocio,
  MENSAJES_INFORME_VENTAS,
  SIN_UNIDAD,
  sumarDias,
  type CifrasInformeVentas,
  type ComisionesRespuesta,
  type FilaInformeVentas,
  type GuardarComision,
  type InformeVentasFiltro,
  type InformeVentasRespuesta,
  ZONA_NEGOCIO,
} from '@tablero/domain';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database';
import { enTransaccion, type ActorUsuario, type Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import { escribirLibroXlsx, hojaXlsx, type ColumnaXlsx, ESTILOS_XLSX } from '../../lib/libro-xlsx';
import * as repositorio from './informe-ventas.repository';

/** Money as PostgreSQL's numeric text → pesos, through centavos (never a float sum). */
const pesos = (valor: string | number) => dePesos(aCentavos(valor));
const pesosONulo = (valor: string | null) => (valor === null ? null : pesos(valor));

/**
 * The closed days' summary holds every day up to yesterday (docs/decisions-informe-ventas.md, "Rendimiento"): the days
 * missing are added up on the primary before reading (usually none; after midnight, yesterday). Days are Bogotá's: a
 * reading in another zone (only the test that compares both readings) reads every day from the lines.
 */
export async function asegurarResumen(primaria: Kysely<Database>, zona: string = ZONA_NEGOCIO): Promise<void> {
  if (zona !== ZONA_RESUMEN) return;
  const ayer = sumarDias(hoyNegocio(new Date(), zona), -1);
  const hasta = await repositorio.resumenHasta(primaria);
  if (hasta !== null && hasta >= ayer) return;
  await enTransaccion(primaria, (trx) => repositorio.resumirHasta(trx, ayer));
}

/** The zone of the summary's days (migration 202612060610). */
const ZONA_RESUMEN = 'America/Bogota';

/** The end may not be after today (business zone), and a named store must exist (422 on the field). */
async function verificarFiltro(db: Db, filtro: InformeVentasFiltro, zona: string): Promise<repositorio.FiltroInforme> {
  if (filtro.fecha_final > hoyNegocio(new Date(), zona)) throw campoInvalido('fecha_final', MENSAJES_INFORME_VENTAS.fechaFinalFutura);
  if (filtro.codigo_tienda !== null && !(await repositorio.existeTienda(db, filtro.codigo_tienda))) {
    throw campoInvalido('codigo_tienda', MENSAJES_INFORME_VENTAS.tiendaNoExiste);
  }
  return { desde: filtro.fecha_inicial, hasta: filtro.fecha_final, zona, codigoTienda: filtro.codigo_tienda };
}

function cifras(fila: repositorio.FilaCifras, conCantidad: boolean): CifrasInformeVentas {
  return {
    ventas: Number(fila.ventas),
    cantidad: conCantidad ? Number(fila.cantidad) : null,
    subtotal_facturado: pesos(fila.subtotal_facturado),
    subtotal_devuelto: pesos(fila.subtotal_devuelto),
    subtotal: pesos(fila.subtotal),
    impuestos: pesos(fila.impuestos),
    total: pesos(fila.total),
    costo: pesosONulo(fila.costo),
    margen: pesosONulo(fila.margen),
    margen_porcentaje: fila.margen_porcentaje === null ? null : Number(fila.margen_porcentaje),
    subtotal_sin_costo: pesos(fila.subtotal_sin_costo),
    comision: pesosONulo(fila.comision),
  };
}

/**
 * POST informe-ventas: one grouping's rows and the report's totals. Quantities only per product: the other groupings
 * would add boards, metres of edge band and services into one figure (docs/decisions-reportes-dinero.md, "Una unidad
 * por cifra").
 */
export async function informeVentas(db: Db, filtro: InformeVentasFiltro, zona: string = ZONA_NEGOCIO): Promise<InformeVentasRespuesta> {
  const f = await verificarFiltro(db, filtro, zona);
  // The summary as the reading database has it (a replica may lag behind the primary: its missing days are read from the lines).
  const hasta = zona === ZONA_RESUMEN ? await repositorio.resumenHasta(db) : null;
  const partes = repositorio.partesDelRango(f, hasta);
  const [filas, tiendas] = await Promise.all([repositorio.informe(db, f, filtro.agrupar_por, partes), repositorio.listarTiendas(db)]);
  const porProducto = filtro.agrupar_por === 'producto';
  const total = filas.find((fila) => fila.es_total);
  const vacio: repositorio.FilaCifras = {
    es_total: true, clave: null, nombre: null, referencia: null, unidad: null, ventas: '0', cantidad: '0', subtotal_facturado: '0',
    subtotal_devuelto: '0', subtotal: '0', impuestos: '0', total: '0', costo: null, margen: null, margen_porcentaje: null,
    subtotal_sin_costo: '0', comision: filtro.agrupar_por === 'vendedor' ? '0' : null,
  };
  return {
    agrupar_por: filtro.agrupar_por,
    filas: filas
      .filter((fila) => !fila.es_total)
      .map((fila): FilaInformeVentas => ({
        clave: fila.clave,
        nombre: fila.nombre ?? fila.clave ?? '',
        referencia: fila.referencia,
        unidad: fila.unidad,
        ...cifras(fila, porProducto),
      })),
    totales: cifras(total ?? vacio, false),
    tiendas,
  };
}

/** The columns of a grouping's sheet. */
function columnas(agrupar: InformeVentasFiltro['agrupar_por']): ColumnaXlsx[] {
  return [
    ...(agrupar === 'producto'
      ? [
          { header: 'Referencia', key: 'referencia', width: 20 },
          { header: 'Producto', key: 'nombre', width: 40 },
          { header: 'Cantidad', key: 'cantidad', width: 12, style: ESTILOS_XLSX.cantidad },
          { header: 'Unidad', key: 'unidad', width: 14 },
        ]
      : [{ header: ETIQUETAS_AGRUPACION[agrupar], key: 'nombre', width: 36 }]),
    { header: 'Ventas', key: 'ventas', width: 10 },
    { header: 'Facturado antes de impuestos', key: 'subtotal_facturado', width: 18, style: ESTILOS_XLSX.pesos },
    { header: 'Anulado y devuelto', key: 'subtotal_devuelto', width: 18, style: ESTILOS_XLSX.pesos },
    { header: 'Neto antes de impuestos', key: 'subtotal', width: 18, style: ESTILOS_XLSX.pesos },
    { header: 'Impuestos', key: 'impuestos', width: 16, style: ESTILOS_XLSX.pesos },
    { header: 'Total', key: 'total', width: 18, style: ESTILOS_XLSX.pesos },
    { header: 'Costo', key: 'costo', width: 16, style: ESTILOS_XLSX.pesos },
    { header: 'Margen', key: 'margen', width: 16, style: ESTILOS_XLSX.pesos },
    { header: 'Margen %', key: 'margen_porcentaje', width: 10, style: ESTILOS_XLSX.porcentaje },
    { header: 'Neto sin costo', key: 'subtotal_sin_costo', width: 16, style: ESTILOS_XLSX.pesos },
    ...(agrupar === 'vendedor' ? [{ header: 'Comisión', key: 'comision', width: 16, style: ESTILOS_XLSX.pesos }] : []),
  ];
}

/** A sheet row: unknown cost and margin read 'Sin costo' (a number only where known). */
function filaHoja(c: CifrasInformeVentas & { nombre: string; referencia?: string | null; unidad?: string | null }) {
  return {
    ...c,
    unidad: c.unidad ?? (c.cantidad === null ? null : SIN_UNIDAD),
    costo: c.costo ?? 'Sin costo',
    margen: c.margen ?? 'Sin costo',
    margen_porcentaje: c.margen_porcentaje ?? null,
  };
}

/**
 * POST informe-ventas/exportar: the grouping as a real .xlsx (amounts as numbers, a Total row with PostgreSQL's sums),
 * written by the streaming writer that yields the event loop every 500 rows (lib/libro-xlsx.ts), as every export.
 */
export async function exportarInformeVentas(db: Db, filtro: InformeVentasFiltro, zona: string = ZONA_NEGOCIO): Promise<{ archivo: Buffer; nombre: string }> {
  const informe = await informeVentas(db, filtro, zona);
  const nombre = archivoInformeVentas(filtro.agrupar_por);
  const archivo = await escribirLibroXlsx(nombre.replace(/\.xlsx$/, ''), async (libro) => {
    const hoja = hojaXlsx(libro, `Por ${ETIQUETAS_AGRUPACION[filtro.agrupar_por].toLowerCase()}`, columnas(filtro.agrupar_por));
    for (const fila of informe.filas) await hoja.fila(filaHoja(fila));
    await hoja.fila(filaHoja({ ...informe.totales, nombre: 'Total', referencia: filtro.agrupar_por === 'producto' ? 'Total' : null, unidad: null }), true);
    await hoja.fila({});
    const tienda = filtro.codigo_tienda === null ? 'todas las tiendas' : `la tienda ${filtro.codigo_tienda}`;
    await hoja.fila({
      [filtro.agrupar_por === 'producto' ? 'referencia' : 'nombre']:
        `Del ${filtro.fecha_inicial} al ${filtro.fecha_final}, ${tienda}: lo facturado en esos días menos lo anulado y devuelto en ellos`,
    });
    hoja.cerrar();
  });
  return { archivo, nombre };
}

/** GET informe-ventas/comisiones: the rates and who or what may get one. */
export async function comisiones(db: Db): Promise<ComisionesRespuesta> {
  const [filas, opciones] = await Promise.all([repositorio.listarComisiones(db), repositorio.opcionesComision(db)]);
  return { comisiones: filas.map((c) => ({ ...c, porcentaje: Number(c.porcentaje) })), ...opciones };
}

/** POST informe-ventas/comisiones: sets one seller's or one category's rate (422 when it does not exist). */
export async function guardarComision(trx: Trx, actor: ActorUsuario, datos: GuardarComision): Promise<number> {
  if (datos.vendedor_id !== null && !(await repositorio.existeUsuario(trx, datos.vendedor_id))) {
    throw campoInvalido('vendedor_id', MENSAJES_INFORME_VENTAS.vendedorNoExiste);
  }
  if (datos.categoria_producto_id !== null && !(await repositorio.existeCategoria(trx, datos.categoria_producto_id))) {
    throw campoInvalido('categoria_producto_id', MENSAJES_INFORME_VENTAS.categoriaNoExiste);
  }
  return repositorio.guardarComision(trx, { ...datos, user_id: actor.userId });
}

/** DELETE informe-ventas/comisiones/{id}: 404 when there is no such rate. */
export async function eliminarComision(trx: Trx, id: number): Promise<void> {
  if (!(await repositorio.eliminarComision(trx, id))) throw new AppError('NO_ENCONTRADO', MENSAJES_INFORME_VENTAS.comisionNoExiste);
}
