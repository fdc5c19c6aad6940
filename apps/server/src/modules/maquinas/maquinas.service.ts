import { ERRORES, MENSAJES_MAQUINA, type ConsultaLista, type EstadoMaquina, type GrupoServicio, type Maquina, type MaquinaGuardar, type OrdenMaquina, type Pagina } from '@tablero/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as repositorio from './maquinas.repository';

const referenciaDuplicada = () =>
  new AppError('MAQUINA_REFERENCIA_DUPLICADA', undefined, { referencia: [ERRORES.MAQUINA_REFERENCIA_DUPLICADA.mensaje] });

/** One page of machines (by id unless another column was chosen), with their service group and state names (spec 002 §2.19). */
export async function listarMaquinasPagina(db: Db, consulta: ConsultaLista<OrdenMaquina>): Promise<Pagina<Maquina>> {
  const { filas, total } = await repositorio.listMaquinasPagina(db, consulta);
  return paginar(filas, total, consulta.page, consulta.per_page);
}

/**
 * The machines of one service group for the stage screen (spec 002 §2.18), in every state: the
 * operator sees a machine under maintenance or out of service with its badge.
 */
export function listarMaquinasProduccion(db: Db, grupoServicioId: number): Promise<Maquina[]> {
  return repositorio.listMaquinasPorGrupoServicio(db, grupoServicioId);
}

export function listarGruposServicios(db: Db): Promise<GrupoServicio[]> {
  return repositorio.listGruposServicios(db);
}

export function listarEstadosMaquinas(db: Db): Promise<EstadoMaquina[]> {
  return repositorio.listEstadosMaquinas(db);
}

/** The chosen service group must be an active one and the state one of the three: 422 on the field otherwise. */
async function validarOpciones(db: Db, datos: MaquinaGuardar): Promise<void> {
  const [grupoValido, estadoValido] = await Promise.all([
    repositorio.existeGrupoServicioActivo(db, datos.grupo_servicio_id),
    repositorio.existeEstadoMaquina(db, datos.estado_maquina_id),
  ]);
  const errors: Record<string, string[]> = {};
  if (!grupoValido) errors.grupo_servicio_id = [MENSAJES_MAQUINA.opcion];
  if (!estadoValido) errors.estado_maquina_id = [MENSAJES_MAQUINA.opcion];
  if (Object.keys(errors).length > 0) throw new AppError('DATOS_INVALIDOS', MENSAJES_MAQUINA.opcion, errors);
}

/** Creates a machine; 422 for an unknown group or state, 409 when the reference is taken. */
export async function crearMaquina(db: Db, datos: MaquinaGuardar): Promise<number> {
  await validarOpciones(db, datos);
  const id = await repositorio.insertMaquina(db, datos);
  if (id === null) throw referenciaDuplicada();
  return id;
}

/** Replaces every field of a machine; 404 when missing, 422 for an unknown group or state, 409 for a taken reference. */
export async function actualizarMaquina(db: Db, id: number, datos: MaquinaGuardar): Promise<void> {
  await validarOpciones(db, datos);
  const resultado = await repositorio.updateMaquina(db, id, datos);
  if (resultado === 'no_existe') throw new AppError('MAQUINA_NO_ENCONTRADA');
  if (resultado === 'duplicada') throw referenciaDuplicada();
}
