import { CuentasCreditoList } from '@/features/cuentas-credito/components/cuentas-credito-list';

/** #/cuentas-credito (spec 001, Credit accounts list; any logged-in user). */
export function CuentasCreditoPage() {
  return <CuentasCreditoList />;
}
