import type { Kysely } from 'kysely';
import { calcularDvNit, GRUPOS_SERVICIO } from '@tablero/domain';
import type { Database } from '../src/db/database';

/** Test data of the masters area (suppliers, concept types, machines), inserted directly. */

let secuencia = 0;
const siguiente = () => ++secuencia;

export interface ProveedorPrueba {
  id: number;
  nombre_proveedor: string;
  nit: string;
  numero_telefonico: string;
  correo_electronico: string;
  direccion: string | null;
  credito: boolean;
  plazo_credito: number;
}

export async function crearProveedor(db: Kysely<Database>, datos: Partial<Omit<ProveedorPrueba, 'id'>> = {}): Promise<ProveedorPrueba> {
  const n = siguiente();
  const fila = {
    nombre_proveedor: datos.nombre_proveedor ?? `Proveedor ${String(n).padStart(4, '0')}`,
    // A NIT with DIAN's check digit: the supplier form refuses any other.
    nit: datos.nit ?? `900${String(n).padStart(6, '0')}-${calcularDvNit(`900${String(n).padStart(6, '0')}`)}`,
    numero_telefonico: datos.numero_telefonico ?? '3001234567',
    correo_electronico: datos.correo_electronico ?? `proveedor${n}@prueba.test`,
    direccion: datos.direccion === undefined ? `Calle ${n} # 1-2` : datos.direccion,
    credito: datos.credito ?? false,
    plazo_credito: datos.plazo_credito ?? 0,
  };
  const { id } = await db.insertInto('proveedor').values(fila).returning('id').executeTakeFirstOrThrow();
  return { id, ...fila };
}

export async function crearTipoConcepto(db: Kysely<Database>, nombre?: string): Promise<{ id: number; nombre_tipo_concepto: string }> {
  const nombre_tipo_concepto = nombre ?? `Concepto ${String(siguiente()).padStart(4, '0')}`;
  const { id } = await db.insertInto('tipo_concepto').values({ nombre_tipo_concepto }).returning('id').executeTakeFirstOrThrow();
  return { id, nombre_tipo_concepto };
}

export interface MaquinaPrueba {
  id: number;
  referencia: string;
  nombre_maquina: string;
  grupo_servicio_id: number;
  estado_maquina_id: number;
}

/** A machine; by default of Corte (GRUPOS_SERVICIO.CORTE) and Disponible (state 1). */
export async function crearMaquina(db: Kysely<Database>, datos: Partial<Omit<MaquinaPrueba, 'id'>> = {}): Promise<MaquinaPrueba> {
  const n = siguiente();
  const fila = {
    referencia: datos.referencia ?? `MAQ-${String(n).padStart(4, '0')}`,
    nombre_maquina: datos.nombre_maquina ?? `Máquina ${n}`,
    grupo_servicio_id: datos.grupo_servicio_id ?? GRUPOS_SERVICIO.CORTE,
    estado_maquina_id: datos.estado_maquina_id ?? 1,
  };
  const { id } = await db.insertInto('maquina').values(fila).returning('id').executeTakeFirstOrThrow();
  return { id, ...fila };
}
