import type { Kysely } from 'kysely';
import { aCentavos, dePesos, type ClasificacionInventario, type CodigoError, type SiigoImpuesto } from '@tablero/domain';
import type { Database, Db } from '../../db/database';
import { enTransaccion } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import { descifrarSecreto } from '../../lib/cifrado';
import { crearClienteSiigo, ErrorSiigo, ErrorTransitorioSiigo, URL_SIIGO, type ClienteSiigo, type OpcionesClienteSiigo } from './siigo.cliente';
import * as repositorio from './siigo.repository';
import type { ProductoSiigo, ProductoSiigoEntrada } from './siigo.tipos';

/** The accounting system's lookups, kept in our database and refreshed by sincronizarCategorias. */
export function listarClasificacionesInventario(db: Db): Promise<ClasificacionInventario[]> {
  return repositorio.listClasificacionesActivas(db);
}

export async function listarImpuestos(db: Db): Promise<SiigoImpuesto[]> {
  const filas = await repositorio.listImpuestosActivos(db);
  return filas.map((fila) => ({ ...fila, porcentaje_impuesto: Number(fila.porcentaje_impuesto) }));
}

export const MENSAJES_SIIGO = {
  noConfigurado: 'Configure la conexión con Siigo en Maestros > Factura electrónica',
  llaveIlegible: 'La llave de acceso de Siigo guardada no se puede leer (cambió el secreto del servidor). Ingrésela de nuevo en Maestros > Factura electrónica',
  sincronizacionEnCurso: 'Ya hay una sincronización en curso',
  noDisponible: 'Siigo no respondió. Intente de nuevo en unos minutos',
} as const;

/** The codes these refusals answer with (domain errores.ts, área Siigo); each carries the module's own message. */
const CODIGOS: Record<'noConfigurado' | 'enCurso' | 'noDisponible' | 'rechazo', CodigoError> = {
  noConfigurado: 'SIIGO_NO_CONFIGURADO',
  enCurso: 'SINCRONIZACION_EN_CURSO',
  noDisponible: 'SIIGO_NO_DISPONIBLE',
  rechazo: 'SIIGO_RECHAZO',
};

/** Where and as whom Tablero speaks to Siigo, from configuracion_fe (the access key decrypted). */
export interface ConexionSiigo {
  url: string;
  usuario: string;
  accessKey: string;
  partnerId: string;
}

/**
 * The Siigo connection of the configuration, or null when its user, access key or Partner-Id is missing. The base
 * URL is proveedor_url when Siigo is the invoice provider (tests and habilitación point it elsewhere), Siigo's public
 * one otherwise (products may be kept in Siigo while DIAN receives the invoices directly). Throws 409 when the key
 * was stored under another server secret.
 */
export async function leerConexionSiigo(db: Db, secreto: string): Promise<ConexionSiigo | null> {
  const configuracion = await repositorio.getConfiguracionSiigo(db);
  if (!configuracion?.siigo_usuario || !configuracion.siigo_access_key_cifrada || !configuracion.siigo_partner_id) return null;
  const accessKey = descifrarSecreto(secreto, configuracion.siigo_access_key_cifrada);
  if (!accessKey) throw new AppError(CODIGOS.noConfigurado, MENSAJES_SIIGO.llaveIlegible);
  return {
    url: configuracion.proveedor === 'SIIGO' && configuracion.proveedor_url ? configuracion.proveedor_url : URL_SIIGO,
    usuario: configuracion.siigo_usuario,
    accessKey: accessKey.toString('utf8'),
    partnerId: configuracion.siigo_partner_id,
  };
}

/** Options of the client other than the connection (time limits, budget, a fetch for tests). */
export type AjustesClienteSiigo = Omit<OpcionesClienteSiigo, 'url' | 'usuario' | 'accessKey' | 'partnerId' | 'db'>;

/** A client for the configured Siigo company; 409 'Configure la conexión con Siigo…' when there is none. */
export async function crearClienteSiigoConfigurado(db: Kysely<Database>, secreto: string, ajustes: AjustesClienteSiigo = {}): Promise<ClienteSiigo> {
  const conexion = await leerConexionSiigo(db, secreto);
  if (!conexion) throw new AppError(CODIGOS.noConfigurado, MENSAJES_SIIGO.noConfigurado);
  return crearClienteSiigo({ ...conexion, db, ...ajustes });
}

/** A sync waits for Siigo's next minute rather than failing: its work is many requests in a row. */
const AJUSTES_SINCRONIZACION: AjustesClienteSiigo = { esperaMaximaMs: 65_000 };

/** Siigo's failures as the refusals a route answers: 503 when it did not answer, 409 with its reasons otherwise. */
function comoRechazo(error: unknown, prefijo = ''): unknown {
  if (error instanceof ErrorTransitorioSiigo) return new AppError(CODIGOS.noDisponible, `${prefijo}${MENSAJES_SIIGO.noDisponible} (${error.message})`);
  if (error instanceof ErrorSiigo) {
    const motivo = error.message.startsWith('Siigo ') ? error.message : `Siigo rechazó la solicitud: ${error.message}`;
    return new AppError(CODIGOS.rechazo, `${prefijo}${motivo}`);
  }
  return error;
}

async function conBloqueo<T>(db: Kysely<Database>, trabajo: () => Promise<T>): Promise<T> {
  const salida = await repositorio.conBloqueoSincronizacion(db, trabajo);
  if (!salida) throw new AppError(CODIGOS.enCurso, MENSAJES_SIIGO.sincronizacionEnCurso);
  return salida.resultado;
}

/** Siigo's taxes that go on items; retentions apply to a whole invoice and are not a product's tax. */
const TIPOS_IMPUESTO_DE_ITEM = new Set(['IVA', 'Impoconsumo', 'AdValorem']);

export interface ResumenSincronizacionCategorias {
  clasificaciones: number;
  clasificaciones_desactivadas: number;
  impuestos: number;
  impuestos_desactivados: number;
}

/**
 * POST maestros/categorias-productos/sincronizar: siigo_clasificacion_inventario becomes Siigo's account groups
 * (GET /v1/account-groups) and siigo_impuesto its item taxes (GET /v1/taxes), in one transaction; entries Siigo no
 * longer lists are deactivated, so the category and tax forms stop offering them. One sync at a time (409).
 */
export async function sincronizarCategorias(
  db: Kysely<Database>,
  secreto: string,
  ajustes: AjustesClienteSiigo = {},
): Promise<{ message: string; data: ResumenSincronizacionCategorias }> {
  const cliente = await crearClienteSiigoConfigurado(db, secreto, { ...AJUSTES_SINCRONIZACION, ...ajustes });
  return conBloqueo(db, async () => {
    let grupos, impuestos;
    try {
      [grupos, impuestos] = [await cliente.gruposInventario(), await cliente.impuestos()];
    } catch (error) {
      throw comoRechazo(error);
    }
    const clasificaciones = grupos.map((grupo) => ({ id: grupo.id, nombre: grupo.name.slice(0, 120), activo: grupo.active }));
    const deItem = impuestos
      .filter((impuesto) => TIPOS_IMPUESTO_DE_ITEM.has(impuesto.type))
      .map((impuesto) => ({ id: impuesto.id, nombre: impuesto.name.slice(0, 120), porcentaje_impuesto: impuesto.percentage, activo: impuesto.active }));
    const data = await enTransaccion(db, async (trx) => ({
      clasificaciones: clasificaciones.length,
      clasificaciones_desactivadas: await repositorio.upsertClasificaciones(trx, clasificaciones),
      impuestos: deItem.length,
      impuestos_desactivados: await repositorio.upsertImpuestos(trx, deItem),
    }));
    const desactivadas = data.clasificaciones_desactivadas + data.impuestos_desactivados;
    const message =
      `Se sincronizaron ${data.clasificaciones} clasificaciones de inventario y ${data.impuestos} impuestos de Siigo` +
      (desactivadas > 0 ? `; ${desactivadas} que Siigo ya no lista quedaron inactivos` : '');
    return { message, data };
  });
}

export interface ResumenSincronizacionProductos {
  total: number;
  creados: number;
  actualizados: number;
  sin_cambios: number;
  omitidos: { referencia: string; motivo: string }[];
  /** Products left for the next run because this one reached its time limit. */
  pendientes: number;
}

/** Siigo refuses codes with spaces or single quotes (its `invalid_code`). */
const CODIGO_SIIGO = /^[^'\s]+$/;
/** Siigo's unit of electronic invoicing for "unidad". */
const UNIDAD_SIIGO = '94';

export const MOTIVOS_IMPUESTO_SIIGO = {
  gravadoSinImpuesto: 'Su impuesto gravado no tiene impuesto de Siigo: asígnelo en Maestros > Impuestos',
  exentoSinImpuesto: 'Su impuesto exento no tiene el IVA de Siigo al 0 %: asígnelo en Maestros > Impuestos',
  exentoConTarifa: 'Su impuesto exento tiene un impuesto de Siigo con tarifa: un exento lleva el IVA de Siigo al 0 %',
} as const;

/**
 * The Siigo taxes of a product by its tax kind (docs/decisions-factura-electronica.md, "Siigo: tipo de producto y clase
 * tributaria"): a taxed product carries its tax's Siigo tax, an exempt one the Siigo IVA at 0 % its tax maps to, and an
 * excluded one none (it is outside IVA). The reason it cannot be sent when the mapping is missing or contradicts the kind.
 */
export function impuestosSiigoDeProducto(
  producto: Pick<repositorio.ProductoParaSiigo, 'clase_tributaria' | 'siigo_impuesto_id' | 'siigo_porcentaje_impuesto'>,
): { taxes: { id: number }[] } | { motivo: string } {
  if (producto.clase_tributaria === 'Excluded') return { taxes: [] };
  if (producto.siigo_impuesto_id === null) {
    return { motivo: producto.clase_tributaria === 'Exempt' ? MOTIVOS_IMPUESTO_SIIGO.exentoSinImpuesto : MOTIVOS_IMPUESTO_SIIGO.gravadoSinImpuesto };
  }
  if (producto.clase_tributaria === 'Exempt' && Number(producto.siigo_porcentaje_impuesto) !== 0) return { motivo: MOTIVOS_IMPUESTO_SIIGO.exentoConTarifa };
  return { taxes: [{ id: producto.siigo_impuesto_id }] };
}

/** What Siigo should hold for `producto`; `grupo` is its account group (ours, or Siigo's own when we have none). */
function cuerpoProducto(producto: repositorio.ProductoParaSiigo, grupo: number, taxes: { id: number }[]): ProductoSiigoEntrada {
  return {
    code: producto.referencia,
    name: producto.nombre_producto,
    account_group: grupo,
    // Tablero's product type and tax kind are stored in Siigo's own codes (Product/Service; Taxed/Exempt/Excluded).
    type: producto.tipo_producto,
    // Stock is kept per store in Tablero; Siigo is told nothing about quantities.
    stock_control: false,
    active: true,
    tax_classification: producto.clase_tributaria,
    // Tablero's prices are before taxes: the sale adds the tax to the line's subtotal.
    tax_included: false,
    taxes,
    // producto.precio_unitario is the list price new stores start from; Siigo's price list 1 carries it. Invoices
    // send each line's own price, so a store's different price never depends on this one.
    prices: [{ currency_code: 'COP', price_list: [{ position: 1, value: dePesos(aCentavos(producto.precio_unitario)) }] }],
    unit: UNIDAD_SIIGO,
    ...(producto.descripcion_producto ? { description: producto.descripcion_producto } : {}),
  };
}

/** Whether Siigo's product differs from what it should hold in the fields Tablero owns. */
function difiere(existente: ProductoSiigo, deseado: ProductoSiigoEntrada): boolean {
  const precio = existente.prices?.find((precio) => precio.currency_code === 'COP')?.price_list.find((lista) => lista.position === 1)?.value;
  const impuestos = (existente.taxes ?? []).map((impuesto) => impuesto.id).sort((a, b) => a - b);
  const deseados = (deseado.taxes ?? []).map((impuesto) => impuesto.id).sort((a, b) => a - b);
  return (
    existente.name !== deseado.name ||
    existente.account_group?.id !== deseado.account_group ||
    precio === undefined ||
    aCentavos(precio) !== aCentavos(deseado.prices![0]!.price_list[0]!.value) ||
    impuestos.join(',') !== deseados.join(',') ||
    existente.tax_classification !== deseado.tax_classification ||
    existente.type !== deseado.type ||
    (existente.tax_included ?? false) !== deseado.tax_included ||
    existente.active === false
  );
}

/** A sync answers before a proxy or Node's 5-minute request limit would cut it; the next run resumes. */
const DURACION_MAXIMA_SINCRONIZACION_MS = 4 * 60_000;

/**
 * POST productos/sincronizar: pushes every product to Siigo by its code (our referencia). Siigo's products are read
 * page by page; a product Siigo lacks is created (it needs an inventory classification: its category's, or its nearest
 * ancestor's, and the Siigo tax its tax kind calls for: impuestosSiigoDeProducto), one whose name, list price, type, tax
 * or classification differ is updated, the rest are left alone. Each
 * product's sync is recorded as it happens (siigo_producto), so a run cut short (Siigo down, the time limit) keeps what
 * it did and the next run starts with the products never or least recently synced. A product Siigo refuses is skipped
 * with its reason. One sync at a time (409).
 */
export async function sincronizarProductos(
  db: Kysely<Database>,
  secreto: string,
  ajustes: AjustesClienteSiigo & { duracionMaximaMs?: number } = {},
): Promise<{ message: string; data: ResumenSincronizacionProductos }> {
  const { duracionMaximaMs = DURACION_MAXIMA_SINCRONIZACION_MS, ...ajustesCliente } = ajustes;
  const cliente = await crearClienteSiigoConfigurado(db, secreto, { ...AJUSTES_SINCRONIZACION, ...ajustesCliente });
  return conBloqueo(db, async () => {
    const limite = Date.now() + duracionMaximaMs;
    const productos = await repositorio.listProductosParaSiigo(db);
    let enSiigo: ProductoSiigo[];
    try {
      enSiigo = await cliente.todosLosProductos();
    } catch (error) {
      throw comoRechazo(error);
    }
    const porCodigo = new Map(enSiigo.map((producto) => [producto.code.toLowerCase(), producto]));
    const data: ResumenSincronizacionProductos = { total: productos.length, creados: 0, actualizados: 0, sin_cambios: 0, omitidos: [], pendientes: 0 };

    // Products Siigo already holds as they are: recorded together when the run ends, or stops.
    const sinCambios: { producto_id: number; siigo_id: string }[] = [];
    try {
      for (const [indice, producto] of productos.entries()) {
        if (Date.now() > limite) {
          data.pendientes = productos.length - indice;
          break;
        }
        if (!CODIGO_SIIGO.test(producto.referencia)) {
          data.omitidos.push({ referencia: producto.referencia, motivo: 'Siigo no admite espacios ni comillas en el código' });
          continue;
        }
        const existente = porCodigo.get(producto.referencia.toLowerCase());
        const grupo = producto.siigo_clasificacion_inventario_id ?? existente?.account_group?.id;
        if (grupo === undefined) {
          data.omitidos.push({ referencia: producto.referencia, motivo: 'Su categoría no tiene clasificación de inventario de Siigo' });
          continue;
        }
        const impuestos = impuestosSiigoDeProducto(producto);
        if ('motivo' in impuestos) {
          data.omitidos.push({ referencia: producto.referencia, motivo: impuestos.motivo });
          continue;
        }
        const deseado = cuerpoProducto(producto, grupo, impuestos.taxes);
        if (existente && !difiere(existente, deseado)) {
          sinCambios.push({ producto_id: producto.id, siigo_id: existente.id });
          data.sin_cambios++;
          continue;
        }
        try {
          const enviado = existente ? await cliente.actualizarProducto(existente.id, deseado) : await cliente.crearProducto(deseado);
          if (existente) data.actualizados++;
          else data.creados++;
          await repositorio.upsertProductosSincronizados(db, [{ producto_id: producto.id, siigo_id: enviado.id }]);
        } catch (error) {
          if (!(error instanceof ErrorSiigo)) {
            const hechos = data.creados + data.actualizados + data.sin_cambios;
            throw comoRechazo(error, `Se sincronizaron ${hechos} de ${data.total} productos antes de la interrupción. `);
          }
          data.omitidos.push({ referencia: producto.referencia, motivo: error.message });
        }
      }
    } finally {
      for (let inicio = 0; inicio < sinCambios.length; inicio += 1000) {
        await repositorio.upsertProductosSincronizados(db, sinCambios.slice(inicio, inicio + 1000));
      }
    }
    return { message: mensajeProductos(data), data };
  });
}

function mensajeProductos(data: ResumenSincronizacionProductos): string {
  const sincronizados = data.creados + data.actualizados + data.sin_cambios;
  let mensaje = `Se sincronizaron ${sincronizados} productos: ${data.creados} creados, ${data.actualizados} actualizados`;
  if (data.sin_cambios > 0) mensaje += `, ${data.sin_cambios} sin cambios`;
  if (data.omitidos.length > 0) {
    const muestra = data.omitidos.slice(0, 5).map((omitido) => `${omitido.referencia} (${omitido.motivo})`);
    mensaje += `. No se sincronizaron ${data.omitidos.length}: ${muestra.join('; ')}${data.omitidos.length > 5 ? '…' : ''}`;
  }
  if (data.pendientes > 0) mensaje += `. Faltan ${data.pendientes}: sincronice de nuevo para continuar`;
  return mensaje;
}
