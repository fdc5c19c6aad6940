import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

interface Confirmacion {
  titulo: string;
  mensaje: string;
  aceptar: string;
  cancelar?: string;
  color?: string;
}

/**
 * A static confirmation (spec: dialogs close only through their buttons) answered as a promise: true for `aceptar`,
 * false for `cancelar`. The accept button takes the focus, so Enter answers it from the keyboard.
 */
export function confirmar({ titulo, mensaje, aceptar, cancelar = 'Cancelar', color }: Confirmacion): Promise<boolean> {
  return new Promise((resolver) => {
    let respondida = false;
    const responder = (valor: boolean) => {
      if (respondida) return;
      respondida = true;
      resolver(valor);
    };
    modals.openConfirmModal({
      title: titulo,
      centered: true,
      children: <Text size="sm">{mensaje}</Text>,
      labels: { confirm: aceptar, cancel: cancelar },
      confirmProps: { 'data-autofocus': true, ...(color ? { color } : {}) },
      onConfirm: () => responder(true),
      onCancel: () => responder(false),
      onClose: () => responder(false),
    });
  });
}
