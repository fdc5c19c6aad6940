import { IconBuildingFactory2, IconCash, IconChartBar, IconFileInvoice, IconSettings, type Icon } from '@tabler/icons-react';
import type { GrupoMenu } from '@tablero/domain';

/** Icon of each menu group's title (spec 000 §2.1, docs/decisions.md "Menú"); an entry's own icon comes with its screen (PANTALLAS). */
export const ICONOS_GRUPO: Record<GrupoMenu, Icon> = {
  Facturación: IconFileInvoice,
  Producción: IconBuildingFactory2,
  Dinero: IconCash,
  Reportes: IconChartBar,
  Maestros: IconSettings,
};
