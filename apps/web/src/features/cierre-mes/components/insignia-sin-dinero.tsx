import { Badge, Tooltip } from '@mantine/core';

/** A payment method that brings no money that day (credit, the customer's advance): listed, left out of the money received. */
export function InsigniaSinDinero() {
  return (
    <Tooltip label="Una venta a crédito o con anticipo no trae dinero ese día: el abono o el anticipo lo trajo o lo traerá" withinPortal multiline w={260}>
      <Badge size="xs" radius="sm" variant="outline" color="gray" ml={6} style={{ textTransform: 'none' }} data-sin-dinero>
        No ingresa dinero
      </Badge>
    </Tooltip>
  );
}
