/** Tables of the ubicaciones module: countries, departments and cities (reference data). */
export interface UbicacionesTablas {
  pais: { country_code: string; codigo_numerico: string; country_name: string };
  departamento: { country_code: string; state_code: string; state_name: string };
  ciudad: { country_code: string; state_code: string; city_code: string; city_name: string };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends UbicacionesTablas {}
}
