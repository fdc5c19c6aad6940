import { definirEnlace } from '../../lib/enlaces';

/**
 * The public link of a shift's closing PDF (docs/decisions-cajas.md "PDF del cierre"): the shift's id inside a short
 * signed token, 30 days like the other receipts; the Caja screen signs fresh ones each time it reads a shift. The
 * 80 mm copy is the same address with '/80mm'.
 */
export const ENLACE_CIERRE_CAJA = definirEnlace({
  proposito: 'cierre-caja',
  vigenciaDias: 30,
  ruta: '/api/public/cierre-caja',
  mensajeInvalido: 'El enlace del cierre de caja no es válido o ya expiró',
});
