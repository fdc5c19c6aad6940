import { Navigate, useParams } from 'react-router';
import { RUTAS } from '@tablero/domain';
import { CuentaCreditoDetalle } from '@/features/cuentas-credito/components/cuenta-credito-detalle';

/** #/cuentas-credito/{numero_documento_tercero} (spec 001, Credit account detail). */
export function CuentaCreditoDetallePage() {
  const { numero_documento_tercero: documento } = useParams();
  if (!documento) return <Navigate to={RUTAS.cuentasCredito.path} replace />;
  // Keyed by document: another customer's detail starts fresh.
  return <CuentaCreditoDetalle key={documento} documento={documento} />;
}
