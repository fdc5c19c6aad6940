import { useState } from 'react';

/**
 * A dialog's title naming its customer ('Historial de anticipos de Ana Pérez'), `base` alone before any. The customer
 * is null again while the dialog closes: the title keeps the last one, so it does not change during the closing.
 */
export function useTituloConCliente(base: string, cliente: { nombres: string; apellidos: string } | null): string {
  const [ultimo, setUltimo] = useState(cliente);
  if (cliente !== null && cliente !== ultimo) setUltimo(cliente);
  return ultimo ? `${base} de ${ultimo.nombres} ${ultimo.apellidos}`.trim() : base;
}
