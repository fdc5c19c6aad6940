import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { MENSAJES_CUENTA_CREDITO, type CuentaCredito } from '@tablero/domain';
import { ModalFormulario } from '@/components/modal-formulario';
import { formatearMoneda } from '@/lib/formato';
import { BotonFila } from '@/components/accion-fila';

interface ElegirClienteModalProps {
  opened: boolean;
  documento: string;
  cuentas: CuentaCredito[];
  onElegir: (terceroId: number) => void;
  onVolver: () => void;
}

/**
 * docs/decisions-creditos.md 'Cuentas y cupos': customers of different document types may share a number (CC 123 and NIT 123); the detail of that number
 * asks which account to open, showing each one's document type, number and name. Static, as every modal (spec 000).
 */
export function ElegirClienteModal({ opened, documento, cuentas, onElegir, onVolver }: ElegirClienteModalProps) {
  const ordenadas = [...cuentas].sort((a, b) => a.tipo_documento_id - b.tipo_documento_id || a.id - b.id);
  return (
    <ModalFormulario opened={opened} onClose={onVolver} titulo={MENSAJES_CUENTA_CREDITO.elegirCliente} size="xl">
      <Stack gap="sm">
        <Text size="sm">{`Hay ${cuentas.length} clientes con el número de documento ${documento}. Elija la cuenta crédito que desea ver.`}</Text>
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover withTableBorder withColumnBorders fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tipo de documento</Table.Th>
                <Table.Th>Número documento</Table.Th>
                <Table.Th>Nombres completos</Table.Th>
                <Table.Th ta="right">Total crédito</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ordenadas.map((cuenta) => {
                const nombre = `${cuenta.nombres_tercero} ${cuenta.apellidos_tercero}`;
                return (
                  <Table.Tr key={cuenta.id}>
                    <Table.Td>{cuenta.nombre_tipo_documento}</Table.Td>
                    <Table.Td ff="monospace">{cuenta.numero_documento_tercero}</Table.Td>
                    <Table.Td>{nombre}</Table.Td>
                    <Table.Td ta="right">{formatearMoneda(cuenta.total_credito)}</Table.Td>
                    <Table.Td ta="center">
                      <BotonFila
                        icono={IconEye}
                        aria-label={`Ver cuenta de ${nombre} (${cuenta.nombre_tipo_documento})`}
                        onClick={() => onElegir(cuenta.tercero_id)}
                      >
                        Ver
                      </BotonFila>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={onVolver}>
            Volver
          </Button>
        </Group>
      </Stack>
    </ModalFormulario>
  );
}
