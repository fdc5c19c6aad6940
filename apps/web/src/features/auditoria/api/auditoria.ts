import { useQuery } from '@tanstack/react-query';
import type { CambioAuditoria, Pagina, TamanoPagina, usuariosAuditoriaRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { descargarExportacion } from '@/lib/descargar';
import { leerPagina, opcionesPagina } from '@/lib/pagina-lista';
import type { FiltrosAuditoria } from '../auditoria.logica';
import { cuerpoFiltros } from '../auditoria.logica';
import { clavesAuditoria } from './claves';

export interface ConsultaAuditoria {
  filtros: FiltrosAuditoria;
  page: number;
  per_page: TamanoPagina;
}

/** GET auditoria?fecha_inicial&fecha_final&usuario_id&modulo&registro&page&per_page: one page of changes, newest first. */
export function getCambios({ filtros, page, per_page }: ConsultaAuditoria, signal?: AbortSignal): Promise<Pagina<CambioAuditoria>> {
  return leerPagina<CambioAuditoria>('auditoria', 'cambios', { ...cuerpoFiltros(filtros), page, per_page }, signal);
}

export function useCambios(consulta: ConsultaAuditoria) {
  return useQuery(opcionesPagina(clavesAuditoria.cambios(consulta), (signal) => getCambios(consulta, signal), { fresca: true }));
}

type UsuariosAuditoria = z.infer<typeof usuariosAuditoriaRespuestaSchema>;
export type UsuarioAuditoria = UsuariosAuditoria['usuarios'][number];

/** GET auditoria/usuarios: everyone with an account, for the user filter. */
export function useUsuariosAuditoria() {
  return useQuery({
    queryKey: clavesAuditoria.usuarios(),
    queryFn: async ({ signal }) => (await api.get<UsuariosAuditoria>('auditoria/usuarios', { signal })).data.usuarios,
  });
}

/** POST auditoria/exportar: the .xlsx of the filtered changes. */
export function exportarCambios(filtros: FiltrosAuditoria): Promise<boolean> {
  return descargarExportacion({
    ruta: 'auditoria/exportar',
    cuerpo: cuerpoFiltros(filtros),
    nombre: `Auditoría ${filtros.fecha_inicial} a ${filtros.fecha_final}.xlsx`,
    mensajeError: 'No se pudo exportar la auditoría',
  });
}
