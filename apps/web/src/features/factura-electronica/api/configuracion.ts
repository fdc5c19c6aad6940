import { useQuery } from '@tanstack/react-query';
import {
  type alertasRespuestaSchema,
  MENSAJES_CONFIGURACION_FE,
  type CertificadoFeCargar,
  type certificadoFeRespuestaSchema,
  type CertificadoFeResumen,
  type ConfiguracionFeGuardar,
  type configuracionFeRespuestaSchema,
} from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useGuardado } from '@/lib/guardado';
import { clavesFacturaElectronica } from './claves';

/** The settings and the notices: what keeps invoices from being sent, the certificate's expiry, secrets to enter again. */
export type ConfiguracionConAvisos = z.infer<typeof configuracionFeRespuestaSchema>;

/** GET /api/maestros/factura-electronica: the settings without their secrets, and the notices. */
export async function getConfiguracion(signal?: AbortSignal): Promise<ConfiguracionConAvisos> {
  return (await api.get<ConfiguracionConAvisos>('maestros/factura-electronica', signal ? { signal } : {})).data;
}

export const useConfiguracionFe = () =>
  useQuery({ queryKey: clavesFacturaElectronica.configuracion(), queryFn: ({ signal }) => getConfiguracion(signal), staleTime: 0 });

/** PUT /api/maestros/factura-electronica: answers the server's message. */
export async function updateConfiguracion(datos: ConfiguracionFeGuardar): Promise<string> {
  return (await api.put<null>('maestros/factura-electronica', datos)).message ?? MENSAJES_CONFIGURACION_FE.guardado;
}

export const useGuardarConfiguracion = () => useGuardado(updateConfiguracion, clavesFacturaElectronica.todas);

/** POST /api/maestros/factura-electronica/certificado: the certificate's summary and the server's message. */
export async function cargarCertificado(datos: CertificadoFeCargar): Promise<{ mensaje: string; certificado: CertificadoFeResumen }> {
  const respuesta = await api.post<z.infer<typeof certificadoFeRespuestaSchema>>('maestros/factura-electronica/certificado', datos);
  return { mensaje: respuesta.message ?? MENSAJES_CONFIGURACION_FE.certificadoCargado, certificado: respuesta.data.certificado };
}

export const useCargarCertificado = () => useGuardado(cargarCertificado, clavesFacturaElectronica.todas);

/** GET /api/maestros/factura-electronica/alertas: the certificate expired or expiring within 30 days. */
export async function getAlertasCertificado(): Promise<string[]> {
  return (await api.get<z.infer<typeof alertasRespuestaSchema>>('maestros/factura-electronica/alertas', { silencioso: true })).data.alertas;
}

export const useAlertasCertificado = (activo: boolean) =>
  useQuery({ queryKey: clavesFacturaElectronica.alertas(), queryFn: getAlertasCertificado, staleTime: 5 * 60_000, enabled: activo });
