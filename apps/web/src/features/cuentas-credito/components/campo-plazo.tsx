import type { Control } from 'react-hook-form';
import { PLAZO_CREDITO, type CuentaCreditoGuardarEntrada } from '@tablero/domain';
import { CampoEntero } from '@/components/campos-formulario';

/**
 * The account's term in whole days (docs/decisions-factura-electronica.md, "Venta a crédito"): a credit sale is due its
 * billing day plus it. Shared with the order form's in-place account.
 */
export function CampoPlazo({ control }: { control: Control<CuentaCreditoGuardarEntrada> }) {
  return (
    <CampoEntero
      control={control}
      name="plazo_dias"
      label="Plazo (días)"
      withAsterisk
      description={`Días que tiene el cliente para pagar cada factura a crédito (de ${PLAZO_CREDITO.minimo} a ${PLAZO_CREDITO.maximo})`}
    />
  );
}
