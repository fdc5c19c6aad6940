import { ParametrosList } from '@/features/parametros/components/parametros-list';

/** #/parametros (spec 001, Parameters screen; SuperAdministrador only). */
export function ParametrosPage() {
  return <ParametrosList />;
}
