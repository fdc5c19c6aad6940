import { ConexionesList } from '@/features/conexiones/components/conexiones-list';

/** #/conexiones (spec 001, Connections screen; SuperAdministrador only). */
export function ConexionesPage() {
  return <ConexionesList />;
}
