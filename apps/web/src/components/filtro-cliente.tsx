import type { Tercero } from '@tablero/domain';
import { ClienteTypeahead } from './cliente-typeahead';

interface FiltroClienteProps {
  cliente: Tercero | null;
  onCambiar: (cliente: Tercero | null) => void;
  /** Its width in the screen's filter row. */
  w?: number;
}

/**
 * The customer filter of a list (credits and advances, spec 002 §2.1, §2.5; dispatch and production): empty is Todos
 * (cliente_id 0). The customers are searched on the server as typed (document or names, accents and case ignored:
 * 'gomez' finds Gómez).
 */
export function FiltroCliente({ cliente, onCambiar, w = 380 }: FiltroClienteProps) {
  return <ClienteTypeahead value={cliente} onChange={onCambiar} requerido={false} placeholder="Todos" enfocar={false} w={w} />;
}

/** The filter's value as the list routes read it: 0 is Todos. */
export const idFiltroCliente = (cliente: Tercero | null) => cliente?.id ?? 0;
