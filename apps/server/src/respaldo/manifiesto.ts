import type pg from 'pg';

/**
 * The backup's table of contents (docs/respaldo.md): what was dumped, at which schema version, and the figures a
 * restore must find again. Written as `manifiesto.json` at the root of the archive.
 */

/** Bumped when the archive's layout changes; a restore refuses any other. */
export const VERSION_FORMATO = 1;

export interface TablaManifiesto {
  nombre: string;
  /** The columns dumped, in order (generated columns are left out: PostgreSQL computes them again). */
  columnas: string[];
  filas: number;
  /** `tablas/{nombre}.bin`, COPY's binary format; its SHA-256, so a damaged archive is refused before loading. */
  archivo: string;
  sha256: string;
}

export interface SecuenciaManifiesto {
  nombre: string;
  ultimo_valor: string;
  llamada: boolean;
}

export interface AdjuntoManifiesto {
  clave: string;
  bytes: number;
  sha256: string;
}

/** Counts and balances computed the same way on the source and on the restored database. */
export interface Cifras {
  filas: Record<string, number>;
  /** Sum of inventario.cantidad per store. */
  inventario_por_tienda: Record<string, string>;
  /** tercero.saldo_abono (prepaid balance, advances) per customer with a balance. */
  saldo_abono_por_tercero: Record<string, string>;
  /** cuenta_credito.total_credito per customer with a credit balance. */
  saldo_credito_por_tercero: Record<string, string>;
  /** Count and sum of venta.total_venta per estado_venta_id. */
  ventas_por_estado: Record<string, { cantidad: number; total: string }>;
  /** Sum of venta_forma_pago.valor_pagado. */
  total_formas_pago_venta: string;
}

export interface Manifiesto {
  version_formato: number;
  creado_en: string;
  /** Tablero's last applied migration (kysely_migration): the restore migrates the target up to it first. */
  ultima_migracion: string;
  version_postgresql: string;
  tablas: TablaManifiesto[];
  secuencias: SecuenciaManifiesto[];
  almacen_adjuntos: 'carpeta' | 's3';
  adjuntos: AdjuntoManifiesto[];
  cifras: Omit<Cifras, 'filas'>;
  /**
   * A fingerprint (never the secret) of the server's token secret, which also encrypts the e-invoicing certificate and
   * keys stored in the database: the restore warns when the target's secret differs. Null when there was none.
   */
  huella_secreto: string | null;
}

/**
 * Tables that only users fill (no migration seeds them): a target with a row in any of them is not empty, and the
 * restore refuses it. Tables missing from the target (not migrated yet) count as empty.
 */
export const TABLAS_NEGOCIO = [
  'tienda',
  'usuario',
  'tercero',
  'producto',
  'inventario',
  'inventario_movimiento',
  'venta',
  'venta_forma_pago',
  'abono_tercero',
  'cuenta_credito',
  'cuenta_credito_movimiento',
  'pago_proveedor',
  'egreso',
  'ingreso',
] as const;

/** A SQL identifier, quoted (table and column names come from the catalog or the manifest, never from a user). */
export function id(nombre: string): string {
  return `"${nombre.replaceAll('"', '""')}"`;
}

export async function tablaExiste(cliente: pg.ClientBase, tabla: string): Promise<boolean> {
  const { rows } = await cliente.query<{ existe: boolean }>(`select to_regclass($1) is not null as existe`, [`public.${tabla}`]);
  return rows[0]!.existe;
}

/**
 * The balances of the manifest, read through `cliente` (inside the backup's snapshot, or inside the restore's
 * transaction before it commits). Sums are numeric and compared as text: no float ever rounds a centavo.
 */
export async function leerSaldos(cliente: pg.ClientBase): Promise<Omit<Cifras, 'filas'>> {
  const mapa = async (consulta: string) => {
    const { rows } = await cliente.query<{ clave: string; valor: string }>(consulta);
    return Object.fromEntries(rows.map((r) => [r.clave, r.valor]));
  };
  const inventario_por_tienda = await mapa(`select codigo_tienda as clave, sum(cantidad)::text as valor from inventario group by codigo_tienda order by 1`);
  const saldo_abono_por_tercero = await mapa(`select id::text as clave, saldo_abono::text as valor from tercero where saldo_abono <> 0 order by id`);
  const saldo_credito_por_tercero = await mapa(
    `select tercero_id::text as clave, total_credito::text as valor from cuenta_credito where total_credito <> 0 order by tercero_id`,
  );
  const { rows: ventas } = await cliente.query<{ estado: string; cantidad: number; total: string }>(
    `select estado_venta_id::text as estado, count(*)::int as cantidad, coalesce(sum(total_venta), 0)::text as total from venta group by estado_venta_id order by 1`,
  );
  const { rows: pagos } = await cliente.query<{ total: string }>(`select coalesce(sum(valor_pagado), 0)::text as total from venta_forma_pago`);
  return {
    inventario_por_tienda,
    saldo_abono_por_tercero,
    saldo_credito_por_tercero,
    ventas_por_estado: Object.fromEntries(ventas.map((v) => [v.estado, { cantidad: v.cantidad, total: v.total }])),
    total_formas_pago_venta: pagos[0]!.total,
  };
}

/** The rows of every table named, counted through `cliente`. */
export async function contarFilas(cliente: pg.ClientBase, tablas: string[]): Promise<Record<string, number>> {
  const filas: Record<string, number> = {};
  for (const tabla of tablas) {
    const { rows } = await cliente.query<{ n: number }>(`select count(*)::int as n from ${id(tabla)}`);
    filas[tabla] = rows[0]!.n;
  }
  return filas;
}

/** Every difference between what the manifest says and what the database has, in Spanish, one line each. */
export function compararCifras(esperadas: Cifras, halladas: Cifras): string[] {
  const diferencias: string[] = [];
  const compararMapa = (nombre: string, a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const clave of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const esperado = JSON.stringify(a[clave] ?? null);
      const hallado = JSON.stringify(b[clave] ?? null);
      if (esperado !== hallado) diferencias.push(`${nombre} ${clave}: el respaldo tiene ${esperado} y la base restaurada ${hallado}`);
    }
  };
  compararMapa('Filas de la tabla', esperadas.filas, halladas.filas);
  compararMapa('Inventario de la tienda', esperadas.inventario_por_tienda, halladas.inventario_por_tienda);
  compararMapa('Saldo de anticipos del tercero', esperadas.saldo_abono_por_tercero, halladas.saldo_abono_por_tercero);
  compararMapa('Saldo de crédito del tercero', esperadas.saldo_credito_por_tercero, halladas.saldo_credito_por_tercero);
  compararMapa('Ventas en estado', esperadas.ventas_por_estado, halladas.ventas_por_estado);
  if (esperadas.total_formas_pago_venta !== halladas.total_formas_pago_venta) {
    diferencias.push(`Total de formas de pago de ventas: el respaldo tiene ${esperadas.total_formas_pago_venta} y la base restaurada ${halladas.total_formas_pago_venta}`);
  }
  return diferencias;
}

/** Whether `valor` has the shape of a manifest of VERSION_FORMATO (the restore checks its files one by one after). */
export function esManifiesto(valor: unknown): valor is Manifiesto {
  const m = valor as Partial<Manifiesto> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.version_formato === VERSION_FORMATO &&
    typeof m.ultima_migracion === 'string' &&
    Array.isArray(m.tablas) &&
    Array.isArray(m.secuencias) &&
    Array.isArray(m.adjuntos) &&
    typeof m.cifras === 'object' &&
    m.cifras !== null
  );
}

/** A refusal or failure of a backup or a restore, with its Spanish message for the console (exit code 1). */
export class ErrorRespaldo extends Error {
  override name = 'ErrorRespaldo';
}
