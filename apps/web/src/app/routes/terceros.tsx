import { TercerosList } from '@/features/terceros/components/terceros-list';

/** #/terceros (spec 001, Customers screen 'Clientes'; SuperAdministrador and Vendedor). */
export function TercerosPage() {
  return <TercerosList />;
}
