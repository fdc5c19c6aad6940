import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { formatearDuracion } from '@/lib/formato';
import type { EtapaProduccion } from '@tablero/domain';
import { segundosTrabajados } from '../panel.logica';

/**
 * One clock per page (docs/decisions-produccion.md, "Tiempos en vivo"): a single interval ticks once a second while the
 * page is mounted, and only the figures that read it (a running stage's worked time) render again, not the page.
 */
function crearReloj() {
  let ahora = Date.now();
  const oyentes = new Set<() => void>();
  return {
    suscribir: (oyente: () => void) => {
      oyentes.add(oyente);
      return () => void oyentes.delete(oyente);
    },
    leer: () => ahora,
    iniciar: () => {
      const intervalo = window.setInterval(() => {
        ahora = Date.now();
        for (const oyente of oyentes) oyente();
      }, 1000);
      return () => window.clearInterval(intervalo);
    },
  };
}

type Reloj = ReturnType<typeof crearReloj>;
const ContextoReloj = createContext<Reloj | null>(null);

/** The page's clock: wrap a production page once. */
export function RelojPagina({ children }: { children: ReactNode }) {
  const [reloj] = useState(crearReloj);
  useEffect(() => reloj.iniciar(), [reloj]);
  return <ContextoReloj.Provider value={reloj}>{children}</ContextoReloj.Provider>;
}

/** A stage's worked time, counting up live while it runs (docs/decisions-produccion.md). */
export function TrabajadoEnVivo({ etapa }: { etapa: Pick<EtapaProduccion, 'estado_etapa' | 'fecha_inicio_produccion' | 'tiempo_trabajado_segundos' | 'tiempo_suspendido_segundos'> }) {
  const reloj = useContext(ContextoReloj);
  // Outside a RelojPagina the server's figure stands (time 0 never beats it).
  const ahora = useSyncExternalStore(reloj?.suscribir ?? sinSuscripcion, reloj?.leer ?? sinHora);
  return <>{formatearDuracion(segundosTrabajados(etapa, ahora))}</>;
}

const sinSuscripcion = () => () => undefined;
const sinHora = () => 0;
