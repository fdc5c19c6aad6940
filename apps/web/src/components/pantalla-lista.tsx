import type { ReactNode } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { EncabezadoPagina } from './encabezado-pagina';
import { TablaPaginada, type TablaPaginadaProps } from './tabla-paginada';
import { BotonFila } from './accion-fila';

interface PantallaListaProps<T, C extends string> extends Omit<TablaPaginadaProps<T, C>, 'etiqueta'> {
  titulo: string;
  descripcion?: ReactNode;
  /** The screen's main button beside the title ('Crear proveedor', 'Agregar máquina'). */
  crear?: { texto: string; onClick: () => void };
  /** Other buttons beside the title (before the main one). */
  accionesEncabezado?: ReactNode;
  /** The screen's dialogs. */
  children?: ReactNode;
  /** Below the table, inside its frame (a format hint). */
  pie?: ReactNode;
  /** A narrow list (few columns) keeps this width instead of the whole screen's. */
  anchoMaximo?: number;
}

/** A list screen: its title row with the main button, the paged table in its frame, and its dialogs. */
export function PantallaLista<T, C extends string = string>({ titulo, descripcion, crear, accionesEncabezado, children, anchoMaximo, pie, ...tabla }: PantallaListaProps<T, C>) {
  const botonCrear = crear ? (
    <Button leftSection={<IconPlus size={16} />} onClick={crear.onClick}>
      {crear.texto}
    </Button>
  ) : null;
  return (
    <Stack gap="sm">
      <EncabezadoPagina
        titulo={titulo}
        descripcion={descripcion}
        acciones={
          accionesEncabezado || botonCrear ? (
            <>
              {accionesEncabezado}
              {botonCrear}
            </>
          ) : undefined
        }
      />
      <Paper withBorder p="sm" radius="sm" maw={anchoMaximo}>
        <Stack gap="sm">
          <TablaPaginada etiqueta={titulo} {...tabla} />
          {pie}
        </Stack>
      </Paper>
      {children}
    </Stack>
  );
}

/** The row button that opens a record's form: 'Editar', named after the record for screen readers. */
export function BotonEditar({ nombre, onClick, texto = 'Editar' }: { nombre: string; onClick: () => void; texto?: string }) {
  return (
    <BotonFila icono={IconPencil} onClick={onClick} aria-label={`${texto} ${nombre}`}>
      {texto}
    </BotonFila>
  );
}
