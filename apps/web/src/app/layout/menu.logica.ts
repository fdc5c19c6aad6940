import { accesoMenu, puedeAcceder, RUTAS, type GrupoMenu, type NombreRuta, type Rol, type Ruta } from '@tablero/domain';

export interface EntradaMenu {
  nombre: NombreRuta;
  path: string;
  etiqueta: string;
  grupo: GrupoMenu | undefined;
}

/** A run of entries under one group title (none: entries without a group, such as Inicio). */
export interface SeccionMenu {
  grupo: GrupoMenu | undefined;
  entradas: EntradaMenu[];
}

/**
 * The entries a role sees (spec 000 §2.3): screens that exist and whose menu the role may see, in RUTAS order. The
 * route table is the menu's one list: its order is the order of daily use (docs/decisions.md "Menú").
 */
export function entradasMenu(rol: Rol, implementada: (nombre: NombreRuta) => boolean): EntradaMenu[] {
  return (Object.keys(RUTAS) as NombreRuta[]).flatMap((nombre) => {
    const ruta: Ruta = RUTAS[nombre];
    if (!ruta.menu || !implementada(nombre) || !puedeAcceder(rol, accesoMenu(ruta))) return [];
    return [{ nombre, path: ruta.path, etiqueta: ruta.menu.etiqueta, grupo: ruta.menu.grupo }];
  });
}

/** The entries cut where their group changes: each group's title goes above its first entry, in the table's order. */
export function seccionesMenu(entradas: readonly EntradaMenu[]): SeccionMenu[] {
  const secciones: SeccionMenu[] = [];
  for (const entrada of entradas) {
    const ultima = secciones.at(-1);
    if (ultima && ultima.grupo === entrada.grupo) ultima.entradas.push(entrada);
    else secciones.push({ grupo: entrada.grupo, entradas: [entrada] });
  }
  return secciones;
}

/** Whether a scrolled box still hides part of its content below (1 px of rounding allowed): the menu's scroll hint. */
export function quedaContenidoAbajo({ scrollTop, scrollHeight, clientHeight }: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return scrollHeight - clientHeight - scrollTop > 1;
}
