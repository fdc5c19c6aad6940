import { useMemo, useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { etiquetaTercero, type Tercero } from '@tablero/domain';
import { useBuscarClientes } from '@/lib/buscar-clientes';

/** spec 001 §5, §9: the client search starts after a 300 ms pause and ignores repeated text. */
const ESPERA_MS = 300;

interface ClienteTypeaheadProps {
  value: Tercero | null;
  onChange: (tercero: Tercero | null) => void;
  error?: string | undefined;
  /** A form's required field (default); a list's filter is optional, its empty value reads as `placeholder`. */
  requerido?: boolean;
  placeholder?: string;
  /** The dialog's first field takes the focus (default); a list's filter does not. */
  enfocar?: boolean;
  w?: number;
}

/**
 * Customer typeahead, shown as 'document - names' (spec 001 Credit account dialog). The text is asked to
 * the server once it stops changing for 300 ms; the same text again (or the chosen customer's own label)
 * asks nothing: answers are cached by text.
 */
export function ClienteTypeahead({ value, onChange, error, requerido = true, placeholder = 'Escriba el documento o el nombre', enfocar = true, w }: ClienteTypeaheadProps) {
  const [texto, setTexto] = useState(value ? etiquetaTercero(value) : '');
  // A form that resets its customer (the order after its save) gets a fresh combobox: Mantine's keeps its open list
  // and its highlighted option otherwise, pointing aria-activedescendant at an option that no longer exists.
  const [anterior, setAnterior] = useState(value);
  const [vuelta, setVuelta] = useState(0);
  if (anterior !== value) {
    setAnterior(value);
    if (value === null && anterior !== null && texto !== '') {
      setTexto('');
      setVuelta((n) => n + 1);
    }
  }
  const [pausado] = useDebouncedValue(texto.trim(), ESPERA_MS);
  const esElegido = value !== null && pausado === etiquetaTercero(value);
  const busqueda = useBuscarClientes(esElegido ? '' : pausado);

  const encontrados = useMemo(() => {
    const lista = busqueda.data ?? [];
    return value && !lista.some((t) => t.id === value.id) ? [value, ...lista] : lista;
  }, [busqueda.data, value]);
  const opciones = encontrados.map((t) => ({ value: String(t.id), label: etiquetaTercero(t) }));

  return (
    <Select
      key={vuelta}
      label="Cliente"
      withAsterisk={requerido}
      placeholder={placeholder}
      searchable
      clearable
      data={opciones}
      value={value ? String(value.id) : null}
      searchValue={texto}
      onSearchChange={setTexto}
      onChange={(id) => onChange(encontrados.find((t) => String(t.id) === id) ?? null)}
      // The server already filtered: every option it answered is shown.
      filter={({ options }) => options}
      // Only for the text on screen: right after the box is emptied (a saved order) the paused text still holds the
      // old one for a moment, and the empty box said 'No se encontraron datos' before anything was typed.
      nothingFoundMessage={pausado && pausado === texto.trim() && !busqueda.isFetching && !esElegido ? 'No se encontraron datos' : undefined}
      rightSection={busqueda.isFetching ? <Loader size={14} /> : undefined}
      error={error}
      data-autofocus={enfocar || undefined}
      w={w}
    />
  );
}
