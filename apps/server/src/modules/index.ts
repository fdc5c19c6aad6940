// Every server module, one line each, in dependency order: a module comes after the modules it depends on
// (its manifest's dependeDe). The app mounts their routes in this order; the boundary test checks the list.
import { modulo as salud } from './salud';
import { modulo as conexiones } from './conexiones';
import { modulo as usuarios } from './usuarios';
import { modulo as sesion } from './sesion';
import { modulo as tiendas } from './tiendas';
import { modulo as parametros } from './parametros';
import { modulo as cajas } from './cajas';
import { modulo as periodos } from './periodos';
import { modulo as devoluciones } from './devoluciones';
import { modulo as inventario } from './inventario';
import { modulo as productos } from './productos';
import { modulo as categoriasProductos } from './categorias-productos';
import { modulo as impuestos } from './impuestos';
import { modulo as tiposMedidas } from './tipos-medidas';
import { modulo as siigo } from './siigo';
import { modulo as ubicaciones } from './ubicaciones';
import { modulo as terceros } from './terceros';
import { modulo as abonos } from './abonos';
import { modulo as retenciones } from './retenciones';
import { modulo as cuentasCredito } from './cuentas-credito';
import { modulo as proveedores } from './proveedores';
import { modulo as tiposConceptos } from './tipos-conceptos';
import { modulo as egresosIngresos } from './egresos-ingresos';
import { modulo as pagosProveedores } from './pagos-proveedores';
import { modulo as maquinas } from './maquinas';
import { modulo as retales } from './retales';
import { modulo as corte } from './corte';
import { modulo as numeracion } from './numeracion';
import { modulo as facturaElectronica } from './factura-electronica';
import { modulo as despachos } from './despachos';
import { modulo as produccion } from './produccion';
import { modulo as ventas } from './ventas';
import { modulo as descuentos } from './descuentos';
import { modulo as dashboard } from './dashboard';
import { modulo as cierreMes } from './cierre-mes';
import { modulo as cuadreCaja } from './cuadre-caja';
import { modulo as auditoria } from './auditoria';
import { modulo as informeVentas } from './informe-ventas';
import type { ModuloServidor } from './modulo';

export const MODULOS: readonly ModuloServidor[] = [
  salud,
  conexiones,
  usuarios,
  sesion,
  tiendas,
  parametros,
  cajas,
  periodos,
  devoluciones,
  inventario,
  productos,
  categoriasProductos,
  impuestos,
  tiposMedidas,
  siigo,
  ubicaciones,
  terceros,
  abonos,
  retenciones,
  cuentasCredito,
  proveedores,
  tiposConceptos,
  egresosIngresos,
  pagosProveedores,
  maquinas,
  retales,
  corte,
  descuentos,
  numeracion,
  facturaElectronica,
  despachos,
  produccion,
  ventas,
  dashboard,
  cierreMes,
  cuadreCaja,
  auditoria,
  informeVentas,
];
