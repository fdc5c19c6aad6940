import { useCallback, useEffect, useRef, useState } from 'react';
import { MENSAJES_TIENDA, type TiendaUsuario } from '@tablero/domain';
import { notificarExitoTrasRecarga } from '@/lib/notificaciones';
import { queryClient } from '@/lib/query-client';
import { guardarTienda, limpiarTienda, useSesion, useTienda } from '@/lib/sesion';
import { useTiendasUsuario } from '../api/get-tiendas-usuario';

/** spec 000 §9: the store selector opens 1000 ms after the menu loads when no store is chosen. */
const ESPERA_APERTURA_MS = 1000;

/**
 * Everything around the selected store (spec 000 §2.4):
 * - the user's stores are loaded once the layout is up;
 * - a stored store that is no longer the user's is forgotten;
 * - a user with exactly one store and none chosen gets it chosen automatically, in place: a reload a moment after the
 *   menu shows would swallow the user's first click, so the answers read without a store are fetched again instead;
 * - with no store chosen the dialog opens by itself after a second, once the stores are known and there is no single
 *   one to take: when they answer later than the second (a slow hour), an open dialog would stay over the screen after
 *   the automatic choice and swallow every click;
 * - choosing saves the store, says 'Tienda seleccionada' and reloads the page.
 */
export function useSeleccionTienda() {
  const sesion = useSesion();
  const tienda = useTienda();
  const consulta = useTiendasUsuario(sesion?.id ?? 0);
  const tiendas = consulta.data;
  /** Opened from the store button. */
  const [abiertoAMano, setAbiertoAMano] = useState(false);
  /** The second of spec 000 §9 has passed with no store chosen. */
  const [esperaCumplida, setEsperaCumplida] = useState(false);
  const recargando = useRef(false);

  const seleccionar = useCallback((elegida: TiendaUsuario) => {
    if (recargando.current) return;
    recargando.current = true;
    guardarTienda(elegida);
    notificarExitoTrasRecarga(MENSAJES_TIENDA.seleccionada);
    window.location.reload();
  }, []);

  useEffect(() => {
    if (!tiendas) return;
    if (tienda && !tiendas.some((t) => t.codigo_tienda === tienda.codigo_tienda)) {
      limpiarTienda();
      return;
    }
    const unica = tiendas.length === 1 ? tiendas[0] : undefined;
    if (tienda || !unica) return;
    guardarTienda(unica);
    void queryClient.invalidateQueries();
  }, [tiendas, tienda]);

  useEffect(() => {
    if (tienda) return;
    const temporizador = window.setTimeout(() => setEsperaCumplida(true), ESPERA_APERTURA_MS);
    return () => window.clearTimeout(temporizador);
  }, [tienda]);

  const hayQueElegir = !tienda && (consulta.isError || (tiendas !== undefined && tiendas.length !== 1));

  return {
    tienda,
    tiendas,
    cargando: consulta.isPending,
    abierto: abiertoAMano || (esperaCumplida && hayQueElegir),
    abrir: useCallback(() => setAbiertoAMano(true), []),
    cerrar: useCallback(() => setAbiertoAMano(false), []),
    seleccionar,
  };
}
