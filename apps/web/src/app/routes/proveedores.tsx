import { ProveedoresList } from '@/features/proveedores/components/proveedores-list';

/** #/maestros/proveedores (spec 002 §2.13; SuperAdministrador only). */
export function ProveedoresPage() {
  return <ProveedoresList />;
}
