import { Navigate, useLocation, useParams } from 'react-router';
import { RUTAS } from '@tablero/domain';
import { CuentaCreditoDetalle } from './components/cuenta-credito-detalle';

/** The customer the credit accounts list chose (its Pagos button), when the page was opened from there. */
function terceroDelEstado(estado: unknown): number | null {
  const terceroId = (estado as { terceroId?: unknown } | null)?.terceroId;
  return typeof terceroId === 'number' && Number.isInteger(terceroId) && terceroId > 0 ? terceroId : null;
}

/**
 * #/cuentas-credito/{numero_documento_tercero} (spec 001, Credit account detail). The account is looked up by customer
 * (docs/decisions-creditos.md 'Cuentas y cupos'): the list passes the customer it came from; otherwise the screen finds the customers with that number.
 */
export function CuentaCreditoDetallePage() {
  const { numero_documento_tercero: documento } = useParams();
  const { state } = useLocation();
  if (!documento) return <Navigate to={RUTAS.cuentasCredito.path} replace />;
  const terceroId = terceroDelEstado(state);
  // Keyed by document and customer: another customer's detail starts fresh.
  return <CuentaCreditoDetalle key={`${documento}:${terceroId ?? ''}`} documento={documento} terceroId={terceroId} />;
}
