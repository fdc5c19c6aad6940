import { useState } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { MENSAJES_INVENTARIO } from '@tablero/domain';
import { useGrupos, useLineas } from '@/features/productos/api/get-listas';
import { avisarFaltanCampos } from '@/lib/formularios';
import { notificarExito } from '@/lib/notificaciones';
import { useCrearEnlaceExportacion } from '../api/exportar-productos';

/** Starts the browser download of `url` (the public, signed, short-lived link). */
function descargar(url: string) {
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = '';
  document.body.appendChild(enlace);
  enlace.click();
  enlace.remove();
}

/** Product export dialog (spec 001: group required, line optional) → a real .xlsx of the store's products. */
export function ExportarProductosModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [grupo, setGrupo] = useState<string | null>(null);
  const [linea, setLinea] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const grupos = useGrupos();
  const lineas = useLineas(grupo ? Number(grupo) : null);
  const crearEnlace = useCrearEnlaceExportacion();

  const cerrar = () => {
    setGrupo(null);
    setLinea(null);
    setError(null);
    onClose();
  };
  const exportar = () => {
    if (!grupo) {
      setError(MENSAJES_INVENTARIO.grupo);
      avisarFaltanCampos();
      return;
    }
    crearEnlace.mutate(
      { grupo_id: grupo, linea_id: linea },
      {
        onSuccess: (url) => {
          descargar(url);
          notificarExito('Descargando el archivo de productos');
          cerrar();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={cerrar} title="Exportar productos" size="md" closeOnClickOutside={false} closeOnEscape={false}>
      <Stack gap="sm">
        <Select
          label="Grupo"
          withAsterisk
          data={(grupos.data ?? []).map((g) => ({ value: String(g.id), label: g.nombre_grupo }))}
          value={grupo}
          onChange={(valor) => {
            setGrupo(valor);
            setLinea(null);
            setError(null);
          }}
          error={error}
        />
        <Select
          label="Línea"
          placeholder="Todas las líneas"
          clearable
          disabled={!grupo}
          data={(lineas.data ?? []).map((l) => ({ value: String(l.id), label: l.nombre_linea }))}
          value={linea}
          onChange={setLinea}
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={cerrar} disabled={crearEnlace.isPending}>
            Cancelar
          </Button>
          <Button onClick={exportar} loading={crearEnlace.isPending}>
            Exportar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
