import { IconBoxSeam, IconChartBar, IconClipboardPlus, IconLayoutDashboard, IconTools } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/**
 * Production (spec 002 §2.15–2.18; docs/decisions-produccion.md): Generar orden producción (an OP from a
 * sale), Preparación orden producción (Preparar material makes the OP's first stage available to the floor) and
 * Gestionar orden producción (the shop-floor tablet screen: operators start, stop and finish stages).
 */
export const pantallas: Pantallas = {
  produccion: { componente: perezosa(() => import('./pagina-panel'), (m) => m.PanelProduccionPage), icono: IconLayoutDashboard },
  produccionGenerar: { componente: perezosa(() => import('./pagina-generar'), (m) => m.GenerarOrdenPage), icono: IconClipboardPlus },
  produccionPreparar: { componente: perezosa(() => import('./pagina-preparar'), (m) => m.PrepararOrdenPage), icono: IconBoxSeam },
  produccionGestionEtapa: { componente: perezosa(() => import('./pagina-gestion-etapa'), (m) => m.GestionEtapaPage), icono: IconTools },
  produccionIndicadores: { componente: perezosa(() => import('./pagina-indicadores'), (m) => m.IndicadoresProduccionPage), icono: IconChartBar },
};

/** The feature's query keys (api/claves.ts), for whoever reads or invalidates its queries. */
export { clavesProduccion } from './api/claves';
