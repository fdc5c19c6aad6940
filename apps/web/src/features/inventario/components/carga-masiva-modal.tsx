import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileTypeCsv } from '@tabler/icons-react';
import { esArchivoCsv, leerCsvInventario, MENSAJES_INVENTARIO, tieneCaracteresBinarios, type FilaCarga } from '@tablero/domain';
import { ApiError } from '@/lib/api-error';
import { useTienda } from '@/lib/sesion';
import { useCargaMasiva } from '../api/carga-masiva';

type Estado =
  | { paso: 'elegir' }
  | { paso: 'cargando'; filas: number }
  | { paso: 'hecho'; mensaje: string }
  | { paso: 'errores'; mensaje: string; errores: string[] };

/** spec 001 §5, §9 Inventory CSV: only .csv files (Windows reports them as Excel, some systems with no type). */
const esCsv = (archivo: File) => esArchivoCsv({ nombre: archivo.name, tipo: archivo.type });

/** CSV load dialog (issue 4 item 5): read, validate on the server, show progress and the result or the row errors. */
export function CargaMasivaModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const tienda = useTienda();
  const cargar = useCargaMasiva();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [estado, setEstado] = useState<Estado>({ paso: 'elegir' });

  const reiniciar = () => {
    setArchivo(null);
    setError(null);
    setEstado({ paso: 'elegir' });
  };
  const cerrar = () => {
    if (estado.paso === 'cargando') return;
    reiniciar();
    onClose();
  };

  const enviar = async () => {
    if (!archivo) return setError(MENSAJES_INVENTARIO.archivo);
    if (!esCsv(archivo)) return setError(MENSAJES_INVENTARIO.archivoTipo);
    let filas: FilaCarga[];
    try {
      const texto = await archivo.text();
      // A spreadsheet or PDF renamed .csv reads as control characters: say so instead of listing garbage rows.
      if (tieneCaracteresBinarios(texto)) return setError(MENSAJES_INVENTARIO.archivoNoTexto);
      filas = leerCsvInventario(texto);
    } catch {
      return setError(MENSAJES_INVENTARIO.archivoError);
    }
    if (filas.length === 0) return setError(MENSAJES_INVENTARIO.archivoVacio);
    setError(null);
    setEstado({ paso: 'cargando', filas: filas.length });
    cargar.mutate(
      // The file's name and type travel with the rows so that the server refuses what is not a CSV too.
      { items: filas, nombre_archivo: archivo.name, tipo_archivo: archivo.type, ...(tienda ? { codigo_tienda: tienda.codigo_tienda } : {}) },
      {
        onSuccess: (resultado) => setEstado({ paso: 'hecho', mensaje: resultado.message }),
        onError: (fallo) => {
          if (fallo instanceof ApiError && fallo.errors.items) setEstado({ paso: 'errores', mensaje: fallo.message, errores: fallo.errors.items });
          else setEstado({ paso: 'errores', mensaje: fallo.message, errores: [] });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={cerrar} title="Cargar inventario desde CSV" size="lg" closeOnClickOutside={false} closeOnEscape={false} withCloseButton={estado.paso !== 'cargando'}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Filas separadas por punto y coma: referencia;cantidad;precio. La primera fila se omite si es el encabezado. Cada fila necesita la
          cantidad; el precio es opcional y admite hasta 2 decimales. Si alguna fila tiene errores no se carga ninguna.
        </Text>
        <FileInput
          label="Archivo CSV"
          placeholder="Seleccione un archivo"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} />}
          value={archivo}
          onChange={(nuevo) => {
            setArchivo(nuevo);
            // The picker offers only CSV files, but "all files" or a drop can still bring another: said at once.
            setError(nuevo && !esCsv(nuevo) ? MENSAJES_INVENTARIO.archivoTipo : null);
            if (estado.paso !== 'cargando') setEstado({ paso: 'elegir' });
          }}
          error={error}
          disabled={estado.paso === 'cargando'}
          clearable
        />
        {estado.paso === 'cargando' ? (
          <Stack gap={4}>
            <Text size="sm">{`Validando y cargando ${estado.filas.toLocaleString('en-US')} filas…`}</Text>
            <Progress value={100} animated striped aria-label="Cargando archivo" />
          </Stack>
        ) : null}
        {estado.paso === 'hecho' ? (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Carga terminada">
            {estado.mensaje}
          </Alert>
        ) : null}
        {estado.paso === 'errores' ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={estado.mensaje}>
            {estado.errores.length > 0 ? (
              <ScrollArea.Autosize mah={220}>
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
            Cerrar
          </Button>
          <Button onClick={() => void enviar()} loading={estado.paso === 'cargando'} disabled={estado.paso === 'hecho'}>
            Cargar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
