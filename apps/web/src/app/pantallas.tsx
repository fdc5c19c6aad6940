import { IconHome } from '@tabler/icons-react';
import type { NombreRuta } from '@tablero/domain';
import { pantallas as abonos } from '@/features/abonos';
import { pantallas as auditoria } from '@/features/auditoria';
import { pantallas as cajas } from '@/features/cajas';
import { pantallas as cierreMes } from '@/features/cierre-mes';
import { pantallas as conexiones } from '@/features/conexiones';
import { pantallas as cuadreCaja } from '@/features/cuadre-caja';
import { pantallas as cuentasCredito } from '@/features/cuentas-credito';
import { pantallas as dashboard } from '@/features/dashboard';
import { pantallas as informeVentas } from '@/features/informe-ventas';
import { pantallas as descuentos } from '@/features/descuentos';
import { pantallas as despachos } from '@/features/despachos';
import { pantallas as facturaElectronica } from '@/features/factura-electronica';
import { pantallas as inventario } from '@/features/inventario';
import { pantallas as maquinas } from '@/features/maquinas';
import { pantallas as numeracion } from '@/features/numeracion';
import { pantallas as pagosProveedores } from '@/features/pagos-proveedores';
import { pantallas as parametros } from '@/features/parametros';
import { pantallas as produccion } from '@/features/produccion';
import { pantallas as productos } from '@/features/productos';
import { pantallas as proveedores } from '@/features/proveedores';
import { pantallas as retales } from '@/features/retales';
import { pantallas as retenciones } from '@/features/retenciones';
import { pantallas as sesion } from '@/features/sesion';
import { pantallas as terceros } from '@/features/terceros';
import { pantallas as tiposConceptos } from '@/features/tipos-conceptos';
import { pantallas as ventas } from '@/features/ventas';
import { perezosa, type Pantalla, type Pantallas } from '@/lib/pantalla';

/** Home (spec 000 §2.5) belongs to the frame: its buttons lead to several features. */
const delMarco: Pantallas = {
  inicio: { componente: perezosa(() => import('./routes/inicio'), (m) => m.InicioPage), icono: IconHome },
};

/** Joins the features' screens; a route offered twice is a mistake, caught when the app starts. */
function unir(...listas: Pantallas[]): Pantallas {
  const todas: Pantallas = {};
  for (const lista of listas) {
    for (const [nombre, pantalla] of Object.entries(lista) as [NombreRuta, Pantalla][]) {
      if (todas[nombre]) throw new Error(`La pantalla '${nombre}' está en dos features`);
      todas[nombre] = pantalla;
    }
  }
  return todas;
}

/**
 * The feature list: the screens that exist, by their name in RUTAS (@tablero/domain), each feature's from its front
 * door (features/<feature>/index.ts, `pantallas`: lazy page and menu icon). A route is registered in the router, shown
 * in the side menu and offered on home only when its screen is here (and the role may open it). Adding a module is
 * its folder with its index.ts, and one line here. Where a screen goes (login page, inside the frame, public) follows
 * from its route's `acceso`.
 */
export const PANTALLAS: Pantallas = unir(
  delMarco,
  sesion,
  parametros,
  conexiones,
  // Área productos.
  productos,
  inventario,
  retales,
  // Área terceros.
  terceros,
  cuentasCredito,
  // Área maestros.
  proveedores,
  tiposConceptos,
  maquinas,
  numeracion,
  facturaElectronica,
  auditoria,
  // Área facturación.
  ventas,
  descuentos,
  // Créditos (in cuentasCredito) and Anticipos.
  abonos,
  // Área dinero.
  dashboard,
  cierreMes,
  cuadreCaja,
  pagosProveedores,
  cajas,
  informeVentas,
  retenciones,
  // Área producción.
  produccion,
  // Despachos and the public board.
  despachos,
);

export function estaImplementada(nombre: NombreRuta): boolean {
  return PANTALLAS[nombre] !== undefined;
}
