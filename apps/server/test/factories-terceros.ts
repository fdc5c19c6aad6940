import type { Kysely } from 'kysely';
import type { TerceroGuardarEntrada, TipoTercero } from '@tablero/domain';
import type { Database } from '../src/db/database';

/** Test data of the terceros area (ARCHITECTURE §7): built here, never from the demo seed. */

let secuencia = 0;
const siguiente = () => ++secuencia;

/** A document number no other test of the file uses. */
export function documentoNuevo(): string {
  return String(900_000_000 + Math.floor(Math.random() * 90_000_000) + siguiente());
}

/** The body of a valid customer (type C) in Medellín, Antioquia, as the form sends it. */
export function datosCliente(cambios: Partial<TerceroGuardarEntrada> = {}): TerceroGuardarEntrada {
  const n = siguiente();
  return {
    tipo_documento_id: 1,
    numero_documento: documentoNuevo(),
    nombres: `Cliente ${n}`,
    apellidos: 'Restrepo',
    correo_electronico: `cliente${n}@prueba.test`,
    numero_telefonico: null,
    numero_celular: '3001234567',
    tipo_tercero: 'C',
    tipo_persona: 'Person',
    responsable_iva: false,
    responsabilidad_fiscal: 'R-99-PN',
    direccion_residencia: 'Calle 10 # 43-20',
    country_code: 'CO',
    state_code: '05',
    city_code: '05001',
    ...cambios,
  };
}

/** The body of a staff member of `tipo` who logs in with `password`. */
export function datosPersonal(tipo: TipoTercero, password: string, cambios: Partial<TerceroGuardarEntrada> = {}): TerceroGuardarEntrada {
  const n = siguiente();
  return datosCliente({
    tipo_tercero: tipo,
    nombres: `Personal ${n}`,
    correo_electronico: `personal${n}@prueba.test`,
    direccion_residencia: null,
    country_code: null,
    state_code: null,
    city_code: null,
    password_usuario: password,
    ...cambios,
  });
}

export interface TerceroPrueba {
  id: number;
  numero_documento: string;
  nombres: string;
  apellidos: string;
  tipo_tercero: TipoTercero;
}

/** A third party straight into the table (type C unless told), with an optional balance. */
export async function crearTercero(
  db: Kysely<Database>,
  datos: {
    tipo_tercero?: TipoTercero;
    /** 1 Cédula de ciudadanía by default; the same number with another type is another third party (2 NIT…). */
    tipo_documento_id?: number;
    numero_documento?: string;
    nombres?: string;
    apellidos?: string;
    saldo_abono?: number;
    user_id?: number;
    activo?: boolean;
  } = {},
): Promise<TerceroPrueba> {
  const n = siguiente();
  const fila = {
    tipo_documento_id: datos.tipo_documento_id ?? 1,
    numero_documento: datos.numero_documento ?? documentoNuevo(),
    nombres: datos.nombres ?? `Tercero ${n}`,
    apellidos: datos.apellidos ?? 'Gómez',
    correo_electronico: `tercero${n}@prueba.test`,
    numero_celular: '3109876543',
    tipo_tercero: datos.tipo_tercero ?? 'C',
    tipo_persona: 'Person' as const,
    responsable_iva: false,
    responsabilidad_fiscal: 'R-99-PN' as const,
    direccion_residencia: 'Carrera 50 # 10-10',
    country_code: 'CO',
    state_code: '05',
    city_code: '05001',
    saldo_abono: datos.saldo_abono ?? 0,
    user_id: datos.user_id ?? null,
    activo: datos.activo ?? true,
  };
  const { id } = await db.insertInto('tercero').values(fila).returning('id').executeTakeFirstOrThrow();
  return { id, numero_documento: fila.numero_documento, nombres: fila.nombres, apellidos: fila.apellidos, tipo_tercero: fila.tipo_tercero };
}

/** A credit account with its quota and, when `total_credito` is given, one sale charge for it. */
export async function crearCuentaCredito(
  db: Kysely<Database>,
  datos: { tercero_id: number; total_cupo_permitido?: number; total_credito?: number; plazo_dias?: number },
): Promise<number> {
  const total = datos.total_credito ?? 0;
  const { id } = await db
    .insertInto('cuenta_credito')
    .values({
      tercero_id: datos.tercero_id,
      total_cupo_permitido: datos.total_cupo_permitido ?? 1_000_000,
      total_credito: total,
      ...(datos.plazo_dias === undefined ? {} : { plazo_dias: datos.plazo_dias }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (total > 0) {
    await db
      .insertInto('cuenta_credito_movimiento')
      .values({
        cuenta_credito_id: id,
        tipo_movimiento_credito_id: 1,
        venta_id: 1000 + siguiente(),
        descripcion_movimiento: 'Venta a crédito',
        valor_movimiento: total,
        saldo_credito: total,
        movimiento_origen_id: null,
        observacion: null,
        codigo_tienda: null,
        user_id: null,
      })
      .execute();
  }
  return id;
}
