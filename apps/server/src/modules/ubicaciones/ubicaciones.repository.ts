import { buscarEn } from '../../db/busqueda';
import type { Db } from '../../db/database';

export function listPaises(db: Db) {
  return db.selectFrom('pais').select(['country_code', 'country_name']).orderBy('country_name').execute();
}

/** States of a country by name; `busqueda` keeps those whose name has every word, without accents. */
export function listDepartamentos(db: Db, countryCode: string, busqueda?: string) {
  let consulta = db.selectFrom('departamento').select(['state_code', 'state_name']).where('country_code', '=', countryCode);
  if (busqueda) consulta = consulta.where((eb) => buscarEn(eb, { texto: ['state_name'] }, busqueda));
  return consulta.orderBy('state_name').execute();
}

/** Cities of a state by name; `busqueda` keeps those whose name has every word, without accents ('medellin'). */
export function listCiudades(db: Db, countryCode: string, stateCode: string, busqueda?: string) {
  let consulta = db
    .selectFrom('ciudad')
    .select(['city_code', 'city_name'])
    .where('country_code', '=', countryCode)
    .where('state_code', '=', stateCode);
  if (busqueda) consulta = consulta.where((eb) => buscarEn(eb, { texto: ['city_name'] }, busqueda));
  return consulta.orderBy('city_name').execute();
}

export async function existePais(db: Db, countryCode: string): Promise<boolean> {
  return (await db.selectFrom('pais').select('country_code').where('country_code', '=', countryCode).executeTakeFirst()) !== undefined;
}

/** True when the country has a list of states (Colombia, from DIVIPOLA). */
export async function tieneDepartamentos(db: Db, countryCode: string): Promise<boolean> {
  return (await db.selectFrom('departamento').select('state_code').where('country_code', '=', countryCode).limit(1).executeTakeFirst()) !== undefined;
}

export async function existeDepartamento(db: Db, countryCode: string, stateCode: string): Promise<boolean> {
  const fila = await db
    .selectFrom('departamento')
    .select('state_code')
    .where('country_code', '=', countryCode)
    .where('state_code', '=', stateCode)
    .executeTakeFirst();
  return fila !== undefined;
}

export async function existeCiudad(db: Db, countryCode: string, stateCode: string, cityCode: string): Promise<boolean> {
  const fila = await db
    .selectFrom('ciudad')
    .select('city_code')
    .where('country_code', '=', countryCode)
    .where('state_code', '=', stateCode)
    .where('city_code', '=', cityCode)
    .executeTakeFirst();
  return fila !== undefined;
}
