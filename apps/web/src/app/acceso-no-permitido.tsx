import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { RUTAS } from '@tablero/domain';
import { atarAPantalla, soltarDePantalla } from '@/components/confirmar';

const ID_MODAL = 'acceso-no-permitido';
let abierto = false;

/**
 * spec 000 §2.1: what a user sees when the route guard refuses them; they are sent home meanwhile. `negada` is the
 * refused screen's path: the guard's redirect may already have changed the address when this runs.
 */
export function avisarAccesoNoPermitido(negada: string) {
  // The guard may run twice for one refusal (StrictMode, re-renders): one notice is enough.
  if (abierto) return;
  abierto = true;
  // Shown over the screen refused and then over home, where the guard sends the user; any other screen closes it.
  atarAPantalla(ID_MODAL, [negada, RUTAS.inicio.path]);
  modals.open({
    modalId: ID_MODAL,
    title: 'Acceso no permitido',
    size: 'md',
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    onClose: () => {
      abierto = false;
      soltarDePantalla(ID_MODAL);
    },
    children: (
      <>
        <Text size="sm">No puede acceder a esta opción. Por favor contáctese con el administrador para más información</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => modals.close(ID_MODAL)} data-autofocus>
            Aceptar
          </Button>
        </Group>
      </>
    ),
  });
}
