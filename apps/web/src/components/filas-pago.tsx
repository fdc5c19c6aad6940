import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Button, FileButton, Group, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPaperclip, IconPhotoCheck, IconPlus, IconX } from '@tabler/icons-react';
import type { AdjuntoComprobante, FormaPago } from '@tablero/domain';
import { EntradaFecha } from '@/components/entrada-fecha';
import { EntradaMonto } from '@/components/entradas-numericas';
import { filtroSinAcentos } from '@/lib/filtro-opciones';
import { BotonQuitar } from './accion-fila';
import { EnlaceDocumento } from './enlace-documento';

/**
 * The payment rows of a form that takes money by payment method (the bill, the credit payment, the supplier payment):
 * the method picker with its Agregar button and the table of chosen methods, each with its amount and, where the
 * method requires a voucher, its code, its deposit date and its picture. What a use offers, adds and refuses is the
 * domain's payment rows rule (packages/domain formas-pago/filas-pago.ts, docs/architecture.md §5 "Payment rows"),
 * applied by each form's logica; this file only shows and edits the rows, with the words and columns each form's
 * spec section gives.
 */

/** A row as the forms hold it: the amount '' while empty; the voucher's date and pictures where the form has them. */
export interface FilaPagoEditable {
  /** Tells the rows apart (a bill may carry the same method twice). */
  clave: number;
  forma: Pick<FormaPago, 'id' | 'nombre_forma_pago' | 'requiere_codigo_comprobante'>;
  valor: number | '';
  comprobante: string;
  fecha_consignacion?: string | null;
  /** A picture chosen now, compressed (lib/comprimir-imagen). */
  adjunto?: AdjuntoComprobante | null;
  /** The picture a saved payment already had (editing a supplier payment): its signed link. */
  adjuntoGuardado?: { url: string; nombre: string | null } | null;
}

export type CambioFilaPago = Partial<Pick<FilaPagoEditable, 'valor' | 'comprobante' | 'fecha_consignacion' | 'adjunto' | 'adjuntoGuardado'>>;

interface SelectorFormaPagoProps {
  /** The methods the use offers now (the rule's `formasOfrecidas`). */
  formas: readonly Pick<FormaPago, 'id' | 'nombre_forma_pago'>[];
  /**
   * Agregar with the chosen method (undefined when none is): true when the row was added, which clears the choice;
   * a refused one keeps it chosen.
   */
  onAgregar: (formaId: number | undefined) => boolean;
  disabled?: boolean;
  /** The picker takes the dialog's first focus. */
  autofocus?: boolean;
  /** The add button is disabled with this tooltip (the supplier payment's most methods, spec 002 §2.12). */
  limite?: { alcanzado: boolean; texto: string };
}

/**
 * 'Forma de pago' and Agregar: a searchable picker that ignores accents. From the keyboard (docs/decisions.md "El
 * diálogo de factura desde el teclado"): typing filters and highlights the first match, and Enter adds the highlighted
 * method (or the chosen one) as a row, whose amount then takes the focus (TablaFilasPago). Enter in the picker never
 * submits the form: a bill goes from its amounts, never half chosen.
 */
export function SelectorFormaPago({ formas, onAgregar, disabled, autofocus, limite }: SelectorFormaPagoProps) {
  const [elegida, setElegida] = useState<string | null>(null);
  // The choice as of now: Enter picks an option and adds it in one keystroke, before the state has re-rendered.
  const eleccion = useRef<string | null>(null);
  // The dialog's first focus: its body shows after the sale loads, when the modal's own autofocus has already run.
  const entrada = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autofocus) entrada.current?.focus();
  }, [autofocus]);
  const elegir = (valor: string | null) => {
    eleccion.current = valor;
    setElegida(valor);
  };
  const agregar = () => {
    const forma = formas.find((f) => String(f.id) === eleccion.current);
    if (onAgregar(forma?.id)) elegir(null);
  };
  const opciones = formas.map((forma) => ({ value: String(forma.id), label: forma.nombre_forma_pago }));
  const alTeclear = (evento: KeyboardEvent<HTMLInputElement>) => {
    if (evento.key !== 'Enter' || evento.nativeEvent.isComposing) return;
    evento.preventDefault();
    if (limite?.alcanzado) return;
    const escrito = evento.currentTarget.value;
    // The picker's own Enter (it runs after this) picks the highlighted option first; the row is added once it has.
    // With none highlighted (an Enter that came before the list highlighted what matches, seen once on a loaded
    // machine), the first method that matches what was typed, as the list shows it first: Enter after typing never
    // does nothing.
    setTimeout(() => {
      if (eleccion.current === null && escrito.trim() !== '') {
        const [primera] = filtroSinAcentos({ options: opciones, search: escrito, limit: 1 });
        if (primera && 'value' in primera) elegir(primera.value);
      }
      agregar();
    }, 0);
  };
  const boton = (
    <Button variant="light" leftSection={<IconPlus size={16} />} onClick={agregar} disabled={disabled || limite?.alcanzado}>
      Agregar
    </Button>
  );
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Select
        ref={entrada}
        label="Forma de pago"
        placeholder="Seleccione"
        data={opciones}
        value={elegida}
        onChange={elegir}
        onKeyDown={alTeclear}
        // Typing highlights the first method that matches, so Enter takes it.
        selectFirstOptionOnChange
        // Choosing the same method again (after a refused Agregar) keeps it chosen instead of clearing it.
        allowDeselect={false}
        searchable
        filter={filtroSinAcentos}
        nothingFoundMessage="Sin resultados"
        style={{ flex: 1 }}
        disabled={disabled}
      />
      {limite ? (
        <Tooltip label={limite.texto} disabled={!limite.alcanzado}>
          {boton}
        </Tooltip>
      ) : (
        boton
      )}
    </Group>
  );
}

/** A column of the table after the method's name, with its header and width. */
export type ColumnaFilaPago =
  | { campo: 'valor'; titulo: string; ancho: number }
  | { campo: 'comprobante'; titulo: string; ancho: number; maximo: number; sinComprobante?: ReactNode }
  | { campo: 'fecha_consignacion'; titulo: string; ancho: number; maxDate: string }
  /** 'icono': a clip, and a check with a tooltip once attached; 'boton': Adjuntar, and the picture's name or link. */
  | { campo: 'adjunto'; titulo: string; ancho: number; estilo: 'icono' | 'boton' };

interface TablaFilasPagoProps<F extends FilaPagoEditable> {
  /** The table's accessible name ('Formas de pago', 'Formas de pago del abono'…). */
  nombre: string;
  /** The text of the empty table. */
  vacio: string;
  columnas: readonly ColumnaFilaPago[];
  filas: readonly F[];
  onCambiar: (clave: number, cambio: CambioFilaPago) => void;
  onQuitar: (clave: number) => void;
  /** A picture chosen for a row (the form compresses it); the rows whose picture is being compressed. */
  onAdjuntar?: (clave: number, archivo: File | null) => void;
  comprimiendo?: readonly number[];
  /** Fixed widths: in a large dialog the amounts keep their room and a long method name wraps instead. */
  fija?: boolean;
  /** The method's name in a Text (the supplier payment's table). */
  nombreEnTexto?: boolean;
}

/**
 * The first input of the row added last (its amount): focused when a row is added, so the next keystroke types it.
 * The rows there when the table first shows (an edited payment, a credit bill's row) take no focus.
 */
function useFocoFilaNueva(filas: readonly FilaPagoEditable[]) {
  const tabla = useRef<HTMLTableElement>(null);
  const vistas = useRef<Set<number> | null>(null);
  useEffect(() => {
    const antes = vistas.current;
    vistas.current = new Set(filas.map((fila) => fila.clave));
    if (!antes) return;
    const nueva = filas.findLast((fila) => !antes.has(fila.clave));
    if (!nueva) return;
    tabla.current?.querySelector<HTMLInputElement>(`tr[data-clave="${nueva.clave}"] input:not([type="hidden"]):not([disabled])`)?.focus();
  }, [filas]);
  return tabla;
}

/** The chosen methods, one row each, with the remove button 'Quitar {method}'. */
export function TablaFilasPago<F extends FilaPagoEditable>({
  nombre,
  vacio,
  columnas,
  filas,
  onCambiar,
  onQuitar,
  onAdjuntar,
  comprimiendo = [],
  fija = false,
  nombreEnTexto = false,
}: TablaFilasPagoProps<F>) {
  const tabla = useFocoFilaNueva(filas);
  return (
    <Table ref={tabla} withTableBorder verticalSpacing={4} layout={fija ? 'fixed' : undefined} aria-label={nombre}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Forma de pago</Table.Th>
          {columnas.map((columna) => (
            <Table.Th key={columna.campo} w={columna.ancho}>
              {columna.titulo}
            </Table.Th>
          ))}
          <Table.Th w={44} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {filas.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={columnas.length + 2}>
              <Text size="sm" c="dimmed" ta="center">
                {vacio}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : null}
        {filas.map((fila) => {
          const forma = fila.forma.nombre_forma_pago;
          return (
            <Table.Tr key={fila.clave} data-clave={fila.clave}>
              <Table.Td>{nombreEnTexto ? <Text size="sm">{forma}</Text> : forma}</Table.Td>
              {columnas.map((columna) => (
                <Table.Td key={columna.campo}>
                  <Celda columna={columna} fila={fila} onCambiar={onCambiar} onAdjuntar={onAdjuntar} comprimiendo={comprimiendo.includes(fila.clave)} />
                </Table.Td>
              ))}
              <Table.Td>
                <BotonQuitar nombre={`Quitar ${forma}`} onClick={() => onQuitar(fila.clave)} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

interface CeldaProps {
  columna: ColumnaFilaPago;
  fila: FilaPagoEditable;
  onCambiar: (clave: number, cambio: CambioFilaPago) => void;
  onAdjuntar: ((clave: number, archivo: File | null) => void) | undefined;
  comprimiendo: boolean;
}

function Celda({ columna, fila, onCambiar, onAdjuntar, comprimiendo }: CeldaProps) {
  const forma = fila.forma.nombre_forma_pago;
  const requiere = fila.forma.requiere_codigo_comprobante;
  switch (columna.campo) {
    case 'valor':
      return <EntradaMonto aria-label={`Valor ${forma}`} size="xs" value={fila.valor} onChange={(valor) => onCambiar(fila.clave, { valor })} />;
    case 'comprobante':
      return requiere ? (
        <TextInput
          aria-label={`Código comprobante ${forma}`}
          size="xs"
          maxLength={columna.maximo}
          value={fila.comprobante}
          onChange={(evento) => onCambiar(fila.clave, { comprobante: evento.currentTarget.value })}
        />
      ) : (
        (columna.sinComprobante ?? null)
      );
    case 'fecha_consignacion':
      return requiere ? (
        <EntradaFecha
          aria-label={`Fecha consignación ${forma}`}
          size="xs"
          maxDate={columna.maxDate}
          value={fila.fecha_consignacion ?? null}
          onChange={(fecha_consignacion) => onCambiar(fila.clave, { fecha_consignacion })}
        />
      ) : null;
    case 'adjunto':
      return columna.estilo === 'icono' ? (
        requiere ? (
          <AdjuntoIcono fila={fila} onCambiar={onCambiar} onAdjuntar={onAdjuntar} comprimiendo={comprimiendo} />
        ) : null
      ) : (
        <AdjuntoBoton fila={fila} onCambiar={onCambiar} onAdjuntar={onAdjuntar} comprimiendo={comprimiendo} />
      );
  }
}

type AdjuntoProps = Omit<CeldaProps, 'columna'>;

/** A picture of the voucher as a clip, and once attached a check with its name as tooltip (the bill). */
function AdjuntoIcono({ fila, onCambiar, onAdjuntar, comprimiendo }: AdjuntoProps) {
  const forma = fila.forma.nombre_forma_pago;
  return fila.adjunto ? (
    <Group gap={2} wrap="nowrap">
      <Tooltip label={fila.adjunto.nombre_temp ?? 'Comprobante adjunto'}>
        <IconPhotoCheck size={18} color="var(--mantine-color-teal-7)" aria-label={`Comprobante adjunto ${forma}`} role="img" />
      </Tooltip>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Quitar comprobante ${forma}`} onClick={() => onCambiar(fila.clave, { adjunto: null })}>
        <IconX size={14} />
      </ActionIcon>
    </Group>
  ) : (
    <FileButton onChange={(archivo) => onAdjuntar?.(fila.clave, archivo)} accept="image/*">
      {(props) => (
        <ActionIcon {...props} variant="subtle" loading={comprimiendo} aria-label={`Adjuntar comprobante ${forma}`}>
          <IconPaperclip size={16} />
        </ActionIcon>
      )}
    </FileButton>
  );
}

/** A picture of the voucher as an Adjuntar button, and once attached its name or its link (the supplier payment). */
function AdjuntoBoton({ fila, onCambiar, onAdjuntar, comprimiendo }: AdjuntoProps) {
  const forma = fila.forma.nombre_forma_pago;
  const imagen = fila.adjunto
    ? { texto: fila.adjunto.nombre_temp ?? 'Imagen adjunta', url: null }
    : fila.adjuntoGuardado
      ? { texto: fila.adjuntoGuardado.nombre ?? 'Ver imagen', url: fila.adjuntoGuardado.url }
      : null;
  return imagen ? (
    <Group gap={4} wrap="nowrap">
      <IconPhotoCheck size={18} color="var(--mantine-color-teal-7)" aria-label={`Comprobante adjunto ${forma}`} role="img" style={{ flexShrink: 0 }} />
      {imagen.url ? (
        <EnlaceDocumento url={imagen.url} texto="Ver imagen" mensajeError="No se pudo abrir la imagen" size="xs" title={imagen.texto}>
          Ver imagen
        </EnlaceDocumento>
      ) : (
        <Text size="xs" truncate title={imagen.texto}>
          {imagen.texto}
        </Text>
      )}
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Quitar comprobante ${forma}`} onClick={() => onCambiar(fila.clave, { adjunto: null, adjuntoGuardado: null })}>
        <IconX size={14} />
      </ActionIcon>
    </Group>
  ) : (
    <FileButton onChange={(archivo) => onAdjuntar?.(fila.clave, archivo)} accept="image/*">
      {(props) => (
        <Button {...props} size="compact-xs" variant="subtle" leftSection={<IconPaperclip size={14} />} loading={comprimiendo} aria-label={`Adjuntar comprobante ${forma}`}>
          Adjuntar
        </Button>
      )}
    </FileButton>
  );
}
