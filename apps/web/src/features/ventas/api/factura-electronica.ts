import { useQuery } from '@tanstack/react-query';
import { MENSAJES_FE, type EnviarEmailFe, type FacturaElectronicaVenta } from '@tablero/domain';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesVentas } from './claves';

/** Polling while a document is on its way: DIAN answers within seconds, the job retries for minutes. */
const ESPERA_MIENTRAS_ENVIA_MS = 3000;

/** GET /api/facturas/{venta_id}/factura-electronica: the sale's invoice and credit note, their attempts and e-mails. */
export async function getFacturaElectronica(ventaId: number, signal?: AbortSignal): Promise<FacturaElectronicaVenta> {
  return (await api.get<FacturaElectronicaVenta>(`facturas/${ventaId}/factura-electronica`, signal ? { signal } : {})).data;
}

export const useFacturaElectronica = (ventaId: number | null) =>
  useQuery({
    enabled: ventaId !== null,
    queryKey: clavesVentas.facturaElectronica(ventaId ?? 0),
    queryFn: ({ signal }) => getFacturaElectronica(ventaId!, signal),
    staleTime: 0,
    refetchInterval: (consulta) =>
      consulta.state.data?.documentos.some((d) => d.estado === 'ENVIANDO') ? ESPERA_MIENTRAS_ENVIA_MS : false,
  });

/** POST /api/facturas/{venta_id}/timbrar-dian (spec 000 §7): queues the invoice for DIAN; answers the server's message. */
export async function timbrarDian(ventaId: number): Promise<string> {
  return (await api.post<null>(`facturas/${ventaId}/timbrar-dian`)).message ?? MENSAJES_FE.enCola;
}

/** POST /api/facturas/{venta_id}/enviar-email-fe (spec 000 §7: venta_id, lista_email separated by ';'). */
export async function enviarEmailFe({ ventaId, lista_email }: { ventaId: number; lista_email: EnviarEmailFe['lista_email'] }): Promise<string> {
  return (await api.post<null>(`facturas/${ventaId}/enviar-email-fe`, { venta_id: ventaId, lista_email })).message ?? MENSAJES_FE.correoEnCola;
}

/**
 * POST /api/facturas/{venta_id}/notas-fe/{documento_id}/reenviar: a note of the sale (credit note or nota de ajuste)
 * rejected or pending of sending, sent again by its id (docs/decisions-factura-electronica.md, "Reenvío de una nota").
 */
export async function reenviarNotaFe({ ventaId, documentoId, numero }: { ventaId: number; documentoId: number; numero: string }): Promise<string> {
  return (await api.post<null>(`facturas/${ventaId}/notas-fe/${documentoId}/reenviar`)).message ?? MENSAJES_FE.notaEnCola(numero);
}

// The list's state column and the detail's documents change: every sales query refreshes.
export const useTimbrarDian = () => useGuardado(timbrarDian, clavesVentas.todas);
export const useReenviarNotaFe = () => useGuardado(reenviarNotaFe, clavesVentas.todas);
export const useEnviarEmailFe = () => useGuardado(enviarEmailFe, clavesVentas.todas);
