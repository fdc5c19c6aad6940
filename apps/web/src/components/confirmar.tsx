import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

interface Confirmacion {
  titulo: string;
  mensaje: string;
  aceptar: string;
  cancelar?: string;
  color?: string;
  /** Lines listed under the message (the orders a confirmation names). */
  lista?: readonly string[];
}

/**
 * The global dialogs (opened through the modals manager, outside any screen) and the screens they belong to: a
 * dialog closes when the address moves to a screen not among them, so a question never stays over the next screen
 * (docs/decisions.md "Un diálogo global pertenece a su pantalla"). Dialogs inside a screen close with it by themselves.
 */
const pantallasDeDialogo = new Map<string, readonly string[]>();

/** The screen the address shows now: the hash route's path, without its query ('#/pedidos?x=1' → '/pedidos'). */
export function pantallaActual(): string {
  const ruta = window.location.hash.replace(/^#/, '').split('?')[0];
  return ruta ? ruta : '/';
}

/** Ties a global dialog to the screens it may stay open on (the one it was opened on, unless told). */
export function atarAPantalla(modalId: string, pantallas: readonly string[] = [pantallaActual()]) {
  pantallasDeDialogo.set(modalId, pantallas);
}

/** A global dialog that closed: it is no longer tied to a screen. */
export function soltarDePantalla(modalId: string) {
  pantallasDeDialogo.delete(modalId);
}

/** The address moved to `pantalla`: the global dialogs of other screens close (a confirmation answers no). */
export function cerrarDialogosDeOtraPantalla(pantalla: string) {
  for (const [modalId, pantallas] of [...pantallasDeDialogo]) {
    if (pantallas.includes(pantalla)) continue;
    pantallasDeDialogo.delete(modalId);
    modals.close(modalId);
  }
}

let secuencia = 0;

/**
 * A static confirmation (spec: dialogs close only through their buttons) answered as a promise: true for `aceptar`,
 * false for `cancelar`. The accept button takes the focus, so Enter answers it from the keyboard. It belongs to the
 * screen it was asked on: leaving that screen closes it, answered false.
 */
export function confirmar({ titulo, mensaje, aceptar, cancelar = 'Cancelar', color, lista }: Confirmacion): Promise<boolean> {
  return new Promise((resolver) => {
    let respondida = false;
    secuencia += 1;
    const modalId = `confirmar-${secuencia}`;
    const responder = (valor: boolean) => {
      soltarDePantalla(modalId);
      if (respondida) return;
      respondida = true;
      resolver(valor);
    };
    atarAPantalla(modalId);
    modals.openConfirmModal({
      modalId,
      title: titulo,
      centered: true,
      children: lista?.length ? (
        <Stack gap="xs">
          <List size="sm" spacing={4}>
            {lista.map((linea) => (
              <List.Item key={linea}>{linea}</List.Item>
            ))}
          </List>
          <Text size="sm">{mensaje}</Text>
        </Stack>
      ) : (
        <Text size="sm">{mensaje}</Text>
      ),
      labels: { confirm: aceptar, cancel: cancelar },
      confirmProps: { 'data-autofocus': true, ...(color ? { color } : {}) },
      onConfirm: () => responder(true),
      onCancel: () => responder(false),
      onClose: () => responder(false),
    });
  });
}
