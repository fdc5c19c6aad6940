import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmar } from '@/components/confirmar';
import { CONFIRMAR_DESCARTE } from './pedido-borrador';

/**
 * Asks before an unsaved order is thrown away by leaving the screen (docs/decisions.md "Borrador del pedido"): a menu
 * entry, a link ('Volver a Pendiente por facturar') or the browser's Back are held by react-router's blocker (a data
 * router: createHashRouter) until the seller answers the confirmation; reloading or closing the tab gets the browser's
 * own question (beforeunload). A change of the address's query on the same screen (?venta=) is not leaving it.
 * `alDescartar` runs when the seller chooses to discard, before the navigation goes on.
 */
export function useConfirmarSalida(sinGuardar: boolean, alDescartar: () => void) {
  const bloqueo = useBlocker(({ currentLocation, nextLocation }) => sinGuardar && currentLocation.pathname !== nextLocation.pathname);
  const descartar = useRef(alDescartar);
  useEffect(() => {
    descartar.current = alDescartar;
  });

  const preguntando = useRef(false);
  useEffect(() => {
    if (bloqueo.state !== 'blocked' || preguntando.current) return;
    preguntando.current = true;
    void confirmar(CONFIRMAR_DESCARTE).then((salir) => {
      preguntando.current = false;
      if (salir) {
        descartar.current();
        bloqueo.proceed();
      } else {
        bloqueo.reset();
      }
    });
  }, [bloqueo]);

  useEffect(() => {
    if (!sinGuardar) return;
    const alSalir = (evento: BeforeUnloadEvent) => {
      evento.preventDefault();
      // Older Chromium versions ask only when returnValue is set.
      evento.returnValue = '';
    };
    window.addEventListener('beforeunload', alSalir);
    return () => window.removeEventListener('beforeunload', alSalir);
  }, [sinGuardar]);
}
