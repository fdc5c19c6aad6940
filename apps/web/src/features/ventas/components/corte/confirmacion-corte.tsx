import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmacionCorteProps {
  opened: boolean;
  titulo: string;
  mensaje: string;
  /** The confirming button's text (spec 001 §5: Eliminar, Cargar). */
  aceptar: string;
  color?: string;
  onAceptar: () => void;
  onCancelar: () => void;
}

/** A static confirmation over the cutting dialog: only Cancelar or the confirming button close it; the latter has the focus. */
export function ConfirmacionCorte({ opened, titulo, mensaje, aceptar, color, onAceptar, onCancelar }: ConfirmacionCorteProps) {
  return (
    <Modal opened={opened} onClose={onCancelar} title={titulo} size="sm" centered zIndex={400} closeOnClickOutside={false} closeOnEscape={false} withCloseButton={false}>
      <Stack gap="sm">
        <Text size="sm">{mensaje}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancelar}>
            Cancelar
          </Button>
          <Button color={color} onClick={onAceptar} data-autofocus>
            {aceptar}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
