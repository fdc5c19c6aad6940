import { MaquinasList } from '@/features/maquinas/components/maquinas-list';

/** #/maestros/maquinas (spec 002 §2.19; SuperAdministrador only). */
export function MaquinasPage() {
  return <MaquinasList />;
}
