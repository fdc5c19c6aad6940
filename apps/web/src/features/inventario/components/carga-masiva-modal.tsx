import { useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, List, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { esArchivoCsv, leerCsvInventario, MENSAJES_INVENTARIO, tieneCaracteresBinarios, type FilaCarga, type PreviaCargaMasiva } from '@tablero/domain';
import { ModalFormulario } from '@/components/modal-formulario';
import { Paginador } from '@/components/paginador';
import { ApiError } from '@/lib/api-error';
import { formatearCantidad, formatearMoneda } from '@/lib/formato';
import { notificarExito } from '@/lib/notificaciones';
import { useTienda } from '@/lib/sesion';
import { useCargaMasiva, usePrevisualizarCargaMasiva, type CargaMasivaEntrada } from '../api/carga-masiva';

type Estado =
  | { paso: 'elegir' }
  | { paso: 'previsualizando'; filas: number }
  | { paso: 'previa'; entrada: CargaMasivaEntrada; previa: PreviaCargaMasiva }
  | { paso: 'cargando'; entrada: CargaMasivaEntrada; previa: PreviaCargaMasiva }
  | { paso: 'errores'; mensaje: string; errores: string[] };

/** Rows per page of the preview: thousands of rows stay fast to render and to scroll. */
const FILAS_PREVIA_POR_PAGINA = 100;

/** spec 001 §5, §9 Inventory CSV: only .csv files (Windows reports them as Excel, some systems with no type). */
const esCsv = (archivo: File) => esArchivoCsv({ nombre: archivo.name, tipo: archivo.type });

/** The row errors of a refused preview or load, or the message alone. */
const estadoDeError = (fallo: Error): Estado =>
  fallo instanceof ApiError && fallo.errors.items
    ? { paso: 'errores', mensaje: fallo.message, errores: fallo.errors.items }
    : { paso: 'errores', mensaje: fallo.message, errores: [] };

/**
 * CSV load dialog (docs/decisions-productos.md): choosing the file reads it and asks the server for a preview (same
 * validation as the load); the rows with their current and new quantity and price show, and nothing is applied
 * until 'Confirmar carga'. Row errors list instead of the preview.
 */
export function CargaMasivaModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const tienda = useTienda();
  const previsualizar = usePrevisualizarCargaMasiva();
  const cargar = useCargaMasiva();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [estado, setEstado] = useState<Estado>({ paso: 'elegir' });
  const [pagina, setPagina] = useState(1);
  const vista = useRef<HTMLDivElement>(null);
  // A new page starts at its first row, not where the previous page was scrolled to.
  const cambiarPagina = (nueva: number) => {
    setPagina(nueva);
    vista.current?.scrollTo({ top: 0 });
  };
  // Each chosen file gets a number: a preview that answers after another file was chosen is dropped.
  const eleccion = useRef(0);
  // Set synchronously on the first confirm: a second Enter or click before React re-renders must not load twice.
  const confirmando = useRef(false);

  const reiniciar = () => {
    eleccion.current += 1;
    setArchivo(null);
    setError(null);
    setPagina(1);
    setEstado({ paso: 'elegir' });
  };
  const cerrar = () => {
    if (estado.paso === 'cargando') return;
    reiniciar();
    onClose();
  };

  const elegirArchivo = async (nuevo: File | null) => {
    const numero = ++eleccion.current;
    setArchivo(nuevo);
    setPagina(1);
    setEstado({ paso: 'elegir' });
    if (!nuevo) return setError(null);
    // The picker offers only CSV files, but "all files" or a drop can still bring another: said at once.
    if (!esCsv(nuevo)) return setError(MENSAJES_INVENTARIO.archivoTipo);
    let filas: FilaCarga[];
    try {
      const texto = await nuevo.text();
      // A spreadsheet or PDF renamed .csv reads as control characters: say so instead of listing garbage rows.
      if (tieneCaracteresBinarios(texto)) return setError(MENSAJES_INVENTARIO.archivoNoTexto);
      filas = leerCsvInventario(texto);
    } catch {
      return setError(MENSAJES_INVENTARIO.archivoError);
    }
    if (numero !== eleccion.current) return;
    if (filas.length === 0) return setError(MENSAJES_INVENTARIO.archivoVacio);
    setError(null);
    setEstado({ paso: 'previsualizando', filas: filas.length });
    // The file's name and type travel with the rows so that the server refuses what is not a CSV too.
    const entrada: CargaMasivaEntrada = {
      items: filas,
      nombre_archivo: nuevo.name,
      tipo_archivo: nuevo.type,
      ...(tienda ? { codigo_tienda: tienda.codigo_tienda } : {}),
    };
    previsualizar.mutate(entrada, {
      onSuccess: (previa) => {
        if (numero === eleccion.current) setEstado({ paso: 'previa', entrada, previa });
      },
      onError: (fallo) => {
        if (numero === eleccion.current) setEstado(estadoDeError(fallo));
      },
    });
  };

  const confirmar = () => {
    if (estado.paso !== 'previa') {
      if (estado.paso === 'elegir' && !archivo) setError(MENSAJES_INVENTARIO.archivo);
      return;
    }
    if (confirmando.current) return;
    confirmando.current = true;
    setEstado({ ...estado, paso: 'cargando' });
    cargar.mutate(estado.entrada, {
      onSuccess: (resultado) => {
        notificarExito(resultado.message);
        reiniciar();
        onClose();
      },
      onError: (fallo) => setEstado(estadoDeError(fallo)),
      onSettled: () => {
        confirmando.current = false;
      },
    });
  };

  const previa = estado.paso === 'previa' || estado.paso === 'cargando' ? estado.previa : null;
  const paginas = previa ? Math.max(1, Math.ceil(previa.items.length / FILAS_PREVIA_POR_PAGINA)) : 1;
  const visibles = previa ? previa.items.slice((pagina - 1) * FILAS_PREVIA_POR_PAGINA, pagina * FILAS_PREVIA_POR_PAGINA) : [];

  return (
    <ModalFormulario
      opened={opened}
      // While the load runs, closing does nothing (cerrar waits for it): the rows are being applied.
      onClose={cerrar}
      titulo="Cargar inventario desde CSV"
      // Seven columns on one line each: wider than the form dialogs, still inside a 1366-pixel screen.
      size={previa ? 1080 : 'lg'}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Filas separadas por punto y coma: referencia;cantidad;precio. La primera fila se omite si es el encabezado. Cada fila necesita la
          cantidad (entera, o con punto decimal y hasta 2 decimales si el producto se vende por metros: 2.5); el precio es opcional, con punto decimal y hasta 2 decimales (8300 o 8.30, no 8.300). Revise la vista previa:
          nada se carga hasta confirmar, y si alguna fila tiene errores no se carga ninguna.
        </Text>
        <FileInput
          label="Archivo CSV"
          placeholder="Seleccione un archivo"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} />}
          value={archivo}
          onChange={(nuevo) => void elegirArchivo(nuevo)}
          error={error}
          disabled={estado.paso === 'cargando'}
          clearable
        />
        {estado.paso === 'previsualizando' ? (
          <Stack gap={4}>
            <Text size="sm">{`Validando ${formatearCantidad(estado.filas)} filas…`}</Text>
            <Progress value={100} animated striped aria-label="Validando archivo" />
          </Stack>
        ) : null}
        {previa ? (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {`Vista previa: ${formatearCantidad(previa.filas)} ${previa.filas === 1 ? 'fila' : 'filas'}, ${formatearCantidad(previa.productos)} ${previa.productos === 1 ? 'producto' : 'productos'}. Aún no se ha cargado nada.`}
            </Text>
            <ScrollArea.Autosize mah={360} type="auto" viewportRef={vista} viewportProps={{ tabIndex: 0, 'aria-label': 'Filas del archivo' }}>
              <Table striped highlightOnHover withTableBorder stickyHeader fz="xs" verticalSpacing={4} horizontalSpacing="xs" aria-label="Vista previa de la carga">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th ta="right">Fila</Table.Th>
                    <Table.Th>Referencia</Table.Th>
                    <Table.Th>Producto</Table.Th>
                    <Table.Th ta="right">Cantidad actual</Table.Th>
                    <Table.Th ta="right">Cantidad nueva</Table.Th>
                    <Table.Th ta="right">Precio actual</Table.Th>
                    <Table.Th ta="right">Precio nuevo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {visibles.map((fila) => (
                    <Table.Tr key={fila.fila}>
                      <Table.Td ta="right" c="dimmed">
                        {fila.fila}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{fila.referencia}</Table.Td>
                      {/* One line per row keeps thousands of rows dense; the full name is in the tooltip. */}
                      <Table.Td maw={340} title={fila.nombre_producto} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                        {fila.nombre_producto}
                      </Table.Td>
                      <Table.Td ta="right">{formatearCantidad(fila.cantidad_actual)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {formatearCantidad(fila.cantidad_nueva)}
                      </Table.Td>
                      <Table.Td ta="right">{formatearMoneda(fila.precio_actual)}</Table.Td>
                      <Table.Td ta="right" fw={fila.precio_nuevo === null ? undefined : 600} c={fila.precio_nuevo === null ? 'dimmed' : undefined}>
                        {fila.precio_nuevo === null ? 'Sin cambio' : formatearMoneda(fila.precio_nuevo)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {paginas > 1 ? (
              // The preview pages on the client, by a fixed 100 rows: the shared pager with page links, no size choice.
              <Paginador
                pagina={pagina}
                totalPaginas={paginas}
                onCambiar={cambiarPagina}
                totalFilas={previa.items.length}
                filasPorPagina={FILAS_PREVIA_POR_PAGINA}
                variante="enlaces"
              />
            ) : null}
          </Stack>
        ) : null}
        {estado.paso === 'errores' ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={estado.mensaje}>
            {estado.errores.length > 0 ? (
              <ScrollArea.Autosize mah={220} viewportProps={{ tabIndex: 0, 'aria-label': 'Errores del archivo' }}>
                <List size="sm" spacing={2}>
                  {estado.errores.map((linea) => (
                    <List.Item key={linea}>{linea}</List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            ) : null}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={cerrar} disabled={estado.paso === 'cargando'}>
            Cancelar
          </Button>
          <Button
            onClick={confirmar}
            loading={estado.paso === 'cargando' || estado.paso === 'previsualizando'}
            disabled={estado.paso === 'errores' || (estado.paso === 'elegir' && archivo !== null)}
          >
            Confirmar carga
          </Button>
        </Group>
      </Stack>
    </ModalFormulario>
  );
}
