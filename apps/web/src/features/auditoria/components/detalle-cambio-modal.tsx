import { Badge, SimpleGrid, Stack, Table } from '@mantine/core';
import type { CambioAuditoria } from '@tablero/domain';
import { Dato } from '@/components/dato';
import { ModalFormulario, PieCerrar } from '@/components/modal-formulario';
import { Encabezados, FilaVacia, TablaDetalle, type Encabezado } from '@/components/tabla-detalle';
import { formatearFechaHora } from '@/lib/formato';
import { camposDe, nombreAccion, nombreModulo, registroDe } from '../auditoria.logica';
import { COLOR_ACCION } from './colores';

/** Each field of the record, with its value before and after the change. */
const ENCABEZADOS_CAMPOS: Encabezado[] = [
  { titulo: 'Campo', ancho: 220 },
  { titulo: 'Antes' },
  { titulo: 'Después' },
];

/** One change in full: who, when, from where, the record, and each field with its value before and after. */
export function DetalleCambioModal({ cambio, onCerrar }: { cambio: CambioAuditoria | null; onCerrar: () => void }) {
  return (
    <ModalFormulario opened={cambio !== null} onClose={onCerrar} titulo={cambio ? registroDe(cambio) : ''} size={860} soloLectura>
      {cambio ? <Detalle cambio={cambio} /> : null}
    </ModalFormulario>
  );
}

function Detalle({ cambio }: { cambio: CambioAuditoria }) {
  const campos = camposDe(cambio);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={4} spacing="sm" verticalSpacing={6}>
        <Dato etiqueta="Fecha">{formatearFechaHora(cambio.fecha)}</Dato>
        <Dato etiqueta="Usuario">{cambio.usuario ?? 'Tablero (sistema)'}</Dato>
        <Dato etiqueta="Rol">{cambio.rol}</Dato>
        <Dato etiqueta="Tienda">{cambio.codigo_tienda}</Dato>
        <Dato etiqueta="Desde (IP)">{cambio.ip}</Dato>
        <Dato etiqueta="Solicitud">{cambio.request_id}</Dato>
        <Dato etiqueta="Módulo">{nombreModulo(cambio.modulo)}</Dato>
        <Dato etiqueta="Acción">
          <Badge size="sm" radius="sm" variant="light" color={COLOR_ACCION[cambio.accion]}>
            {nombreAccion(cambio.accion)}
          </Badge>
        </Dato>
      </SimpleGrid>
      <TablaDetalle etiqueta="Valores antes y después" anchoMinimo={600} altoMaximo={420}>
        <Encabezados columnas={ENCABEZADOS_CAMPOS} />
        <Table.Tbody>
          {campos.length === 0 ? (
            <FilaVacia columnas={3}>Sin valores registrados</FilaVacia>
          ) : (
            campos.map((c) => (
              <Table.Tr key={c.campo}>
                <Table.Td fw={500} title={c.campo}>
                  {c.etiqueta}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.antes}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.despues}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </TablaDetalle>
      <PieCerrar />
    </Stack>
  );
}
