import { IconBuildingFactory2, IconFileInvoice, IconSettings, type Icon } from '@tabler/icons-react';
import type { GrupoMenu } from '@tablero/domain';

/** Icon of each menu group's title (spec 000 §2.1); an entry's own icon comes with its screen (PANTALLAS). */
export const ICONOS_GRUPO: Record<GrupoMenu, Icon> = {
  Producción: IconBuildingFactory2,
  Maestros: IconSettings,
  Facturación: IconFileInvoice,
};
