import { IconHistory } from '@tabler/icons-react';
import { perezosa, type Pantallas } from '@/lib/pantalla';

/** #/maestros/auditoria (docs/decisions-operacion.md, audit trail; SuperAdministrador): the audit trail of every change. */
export const pantallas: Pantallas = {
  auditoria: { componente: perezosa(() => import('./pagina-auditoria'), (m) => m.AuditoriaPage), icono: IconHistory },
};
