import { useQuery } from '@tanstack/react-query';
import type { Conexion, OrdenConexion, Pagina } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import { clavesConexiones } from './claves';

/** A page of the list: page, size, search in the connection name, e-mail and user name, sort. */
export type ConexionesConsulta = ParametrosLista<OrdenConexion>;

/** GET /api/conexiones?page&per_page&query&orden&direccion: one page of connections, newest first unless sorted (the server pages). */
export function getConexiones(consulta: ConexionesConsulta, signal?: AbortSignal): Promise<Pagina<Conexion>> {
  return leerPagina<Conexion>('conexiones', 'conexiones', consulta, signal);
}

export function conexionesQueryOptions(consulta: ConexionesConsulta) {
  return opcionesPagina(clavesConexiones.lista(consulta), (signal) => getConexiones(consulta, signal), { fresca: true });
}

export function useConexiones(consulta: ConexionesConsulta) {
  return useQuery(conexionesQueryOptions(consulta));
}
