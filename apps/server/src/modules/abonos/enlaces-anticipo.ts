import { definirEnlace } from '../../lib/enlaces';

/**
 * The public link of an advance's receipt (spec 002 §7 public/anticipo/{id}): the advance's movement id (abono_tercero,
 * type 1) travels inside a short signed token, never bare (ARCHITECTURE §4). It works 30 days, like the sale documents'
 * links: the lists sign fresh ones when read.
 */
export const ENLACE_RECIBO_ANTICIPO = definirEnlace({
  proposito: 'recibo-anticipo',
  vigenciaDias: 30,
  ruta: '/api/public/anticipo',
  mensajeInvalido: 'El enlace del recibo de anticipo no es válido o ya expiró',
});
