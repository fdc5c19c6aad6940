import { Badge } from '@mantine/core';
import { INSIGNIAS_PLATAFORMA, plataformaVenta, type DatosPlataforma } from '../cierre-mes.logica';

/** spec 002 §4: 'Enviado a la DIAN', SIIGO or Remisión, by the sale's billing data. */
export function InsigniaPlataforma({ venta }: { venta: DatosPlataforma }) {
  const plataforma = plataformaVenta(venta);
  const { texto, color } = INSIGNIAS_PLATAFORMA[plataforma];
  return (
    <Badge size="sm" radius="sm" variant="light" color={color} data-plataforma={plataforma} style={{ textTransform: 'none' }}>
      {texto}
    </Badge>
  );
}
