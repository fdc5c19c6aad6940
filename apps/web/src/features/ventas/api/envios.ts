import { useQuery } from '@tanstack/react-query';
import { MENSAJES_ENVIO, type DocumentoEnvio, type EnlaceDocumentoRespuesta, type EnviosVenta } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesVentas } from './claves';

/** Polling while an e-mail waits for its job (seconds), so the history shows how it went. */
const ESPERA_MIENTRAS_ENVIA_MS = 2000;

/** GET /api/facturas/{venta_id}/envios: the documents the sale may send, the customer's e-mail and the sends. */
export async function getEnvios(ventaId: number, signal?: AbortSignal): Promise<EnviosVenta> {
  return (await api.get<EnviosVenta>(`facturas/${ventaId}/envios`, signal ? { signal } : {})).data;
}

export const useEnvios = (ventaId: number) =>
  useQuery({
    queryKey: clavesVentas.envios(ventaId),
    queryFn: ({ signal }) => getEnvios(ventaId, signal),
    staleTime: 0,
    refetchInterval: (consulta) => (consulta.state.data?.envios.some((envio) => envio.estado === 'PENDIENTE') ? ESPERA_MIENTRAS_ENVIA_MS : false),
  });

/** POST /api/facturas/{venta_id}/envios/correo: the documents by e-mail to the addresses; answers the server's message. */
export async function enviarCorreoDocumentos({ ventaId, correo, documentos }: { ventaId: number; correo: string; documentos: DocumentoEnvio[] }): Promise<string> {
  return (await api.post<null>(`facturas/${ventaId}/envios/correo`, { correo, documentos })).message ?? MENSAJES_ENVIO.correoEnCola;
}

export const useEnviarCorreoDocumentos = () => useGuardado(enviarCorreoDocumentos, clavesVentas.todas);

/** POST /api/facturas/{venta_id}/envios/enlace: the document's signed public link (a path of this server). */
export async function crearEnlaceDocumento({ ventaId, documento }: { ventaId: number; documento: DocumentoEnvio }): Promise<EnlaceDocumentoRespuesta> {
  return (await api.post<EnlaceDocumentoRespuesta>(`facturas/${ventaId}/envios/enlace`, { documento })).data;
}

export const useCrearEnlaceDocumento = () => useGuardado(crearEnlaceDocumento, clavesVentas.todas);
