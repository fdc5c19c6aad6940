import type { ReactNode } from 'react';
import { Table, Text, type MantineSpacing } from '@mantine/core';

/**
 * The dense table of a detail dialog (a sale's products, a dispatch's lines, an audited change's values): named for
 * screen readers, with its header in sight while it scrolls inside the dialog.
 */
export function TablaDetalle({ etiqueta, anchoMinimo, altoMaximo, children }: { etiqueta: string; anchoMinimo: number; altoMaximo: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={anchoMinimo} maxHeight={altoMaximo}>
      <Table aria-label={etiqueta} striped withTableBorder withColumnBorders stickyHeader verticalSpacing={4} fz="sm">
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row of one cell across every column (a table's loading, empty or error state). */
export function FilaCompleta({ columnas, className, children }: { columnas: number; className?: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columnas} className={className}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

/** A table's only row when it has nothing to show: the text dimmed and centred across every column. */
export function FilaVacia({ columnas, py, className, children }: { columnas: number; py?: MantineSpacing; className?: string; children: ReactNode }) {
  return (
    <FilaCompleta columnas={columnas} className={className}>
      <Text size="sm" c="dimmed" ta="center" py={py}>
        {children}
      </Text>
    </FilaCompleta>
  );
}

/** A column's header: its title, width and alignment. */
export interface Encabezado {
  titulo: string;
  ancho?: number;
  alineacion?: 'left' | 'center' | 'right';
}

/** A table's header row from its columns' titles. */
export function Encabezados({ columnas }: { columnas: Encabezado[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columnas.map((columna) => (
          <Table.Th key={columna.titulo} w={columna.ancho} ta={columna.alineacion}>
            {columna.titulo}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
