import { MENSAJES_TERCERO, type Ciudad, type Departamento, type Pais } from '@tablero/domain';
import type { Db } from '../../db/database';
import * as repositorio from './ubicaciones.repository';

export function listarPaises(db: Db): Promise<Pais[]> {
  return repositorio.listPaises(db);
}

/** States of a country: Colombia's DANE departments; an empty list for countries with free-text states. */
export function listarDepartamentos(db: Db, countryCode: string, busqueda?: string): Promise<Departamento[]> {
  return repositorio.listDepartamentos(db, countryCode, busqueda);
}

export function listarCiudades(db: Db, countryCode: string, stateCode: string, busqueda?: string): Promise<Ciudad[]> {
  return repositorio.listCiudades(db, countryCode, stateCode, busqueda);
}

/** Whether `stateCode` is one of the country's listed states (Colombia's DANE departments). */
export function existeDepartamento(db: Db, countryCode: string, stateCode: string): Promise<boolean> {
  return repositorio.existeDepartamento(db, countryCode, stateCode);
}

/** Whether `cityCode` is one of the listed cities of the state (Colombia's DIVIPOLA municipalities). */
export function existeCiudad(db: Db, countryCode: string, stateCode: string, cityCode: string): Promise<boolean> {
  return repositorio.existeCiudad(db, countryCode, stateCode, cityCode);
}

/**
 * Checks an address's country, state and city: the country must exist; where the country has a list of
 * states (Colombia), the state and the city must be among them and the city must belong to the state.
 * Elsewhere state and city are free text. Answers the Spanish message per field that fails.
 */
export async function erroresUbicacion(
  db: Db,
  ubicacion: { country_code: string | null; state_code: string | null; city_code: string | null },
): Promise<Record<string, string[]>> {
  const errores: Record<string, string[]> = {};
  const { country_code, state_code, city_code } = ubicacion;
  if (!country_code) return errores;
  if (!(await repositorio.existePais(db, country_code))) {
    errores.country_code = [MENSAJES_TERCERO.opcion];
    return errores;
  }
  if (!(await repositorio.tieneDepartamentos(db, country_code))) return errores;
  if (state_code && !(await repositorio.existeDepartamento(db, country_code, state_code))) {
    errores.state_code = [MENSAJES_TERCERO.opcion];
  } else if (state_code && city_code && !(await repositorio.existeCiudad(db, country_code, state_code, city_code))) {
    errores.city_code = [MENSAJES_TERCERO.opcion];
  }
  return errores;
}
