import type { Rol } from '@tablero/domain';
import type { Db } from '../database';
import { actorSistema, type Trx } from '../transaccion';
import * as parametrosService from '../../modules/parametros';
import * as tiendasService from '../../modules/tiendas';
import * as usuariosService from '../../modules/usuarios';
import { cargarAnticiposDemo } from './demo-anticipos';
import { cargarRetalesDemo } from './demo-retales';
import { cargarCajasDemo } from './demo-cajas';
import { cargarCreditosDemo } from './demo-creditos';
import { cargarDespachosDemo } from './demo-despachos';
import { cargarDineroDemo } from './demo-dinero';
import { cargarFacturaElectronicaDemo } from './demo-factura-electronica';
import { cargarFacturacionDemo } from './demo-facturacion';
import { cargarMaestrosDemo } from './demo-maestros';
import { cargarProduccionDemo } from './demo-produccion';
import { cargarProductosDemo } from './demo-productos';
import { cargarDemoTerceros } from './demo-terceros';
import { cargarVentasDemo } from './demo-ventas';

export const CLAVE_DEMO = 'demo1234';

export const TIENDAS_DEMO = [
  { codigo_tienda: '001', nombre_tienda: 'Principal' },
  { codigo_tienda: '002', nombre_tienda: 'Norte' },
];

export const USUARIOS_DEMO: { name: string; email: string; role: Rol; tiendas: string[] }[] = [
  { name: 'Sara Administradora General', email: 'superadmin@tablero.test', role: 'SuperAdministrador', tiendas: ['001', '002'] },
  { name: 'Andrés Administrador', email: 'admin@tablero.test', role: 'Administrador', tiendas: ['001'] },
  { name: 'Valentina Vendedora', email: 'vendedor@tablero.test', role: 'Vendedor', tiendas: ['001', '002'] },
  { name: 'Bernardo Bodega', email: 'bodega@tablero.test', role: 'Bodega', tiendas: ['001'] },
  { name: 'Óscar Operario', email: 'operario@tablero.test', role: 'Operario', tiendas: ['001'] },
];

/** Plausible values for the parameters the spec names (000 §3, 001 §3). */
export const PARAMETROS_DEMO = [
  // Payment method id of "Anticipo" among the payment methods.
  { codigo_parametro: 'FORMA_PAGO_ANTICIPO', valor_parametro: '8' },
  // Store ids whose invoices are also sent to the accounting system by default.
  { codigo_parametro: 'LISTA_TIENDA_FACTURA_SIIGO', valor_parametro: '1' },
  // Offcut calculator base prices, pesos per m² of board and per metre of edge band.
  { codigo_parametro: 'VALOR_BASE_PIEZA', valor_parametro: '48000' },
  { codigo_parametro: 'VALOR_BASE_CANTO_RIGIDO', valor_parametro: '2500' },
  { codigo_parametro: 'VALOR_BASE_CANTO_FLEXIBLE', valor_parametro: '3800' },
  // Product group ids that are boards (melamine, MDF).
  { codigo_parametro: 'LISTA_GRUPOS_TABLEROS', valor_parametro: '1,3' },
  // The issuer printed on invoices and remissions.
  { codigo_parametro: 'EMPRESA_RAZON_SOCIAL', valor_parametro: 'Tableros y Cortes de Colombia S.A.S.' },
  { codigo_parametro: 'EMPRESA_NIT', valor_parametro: '900.123.456-8' },
  { codigo_parametro: 'EMPRESA_DIRECCION', valor_parametro: 'Calle 13 # 68-45, Zona Industrial' },
  { codigo_parametro: 'EMPRESA_TELEFONO', valor_parametro: '601 745 2300' },
  { codigo_parametro: 'EMPRESA_CIUDAD', valor_parametro: 'Bogotá D.C.' },
];

/** The foundation's demo data: the stores, one user per role and the parameters. */
async function cargarBaseDemo(db: Trx): Promise<void> {
  for (const tienda of TIENDAS_DEMO) await tiendasService.crearTienda(db, tienda);
  for (const usuario of USUARIOS_DEMO) await usuariosService.crearUsuario(db, { ...usuario, password: CLAVE_DEMO });
  for (const parametro of PARAMETROS_DEMO) await parametrosService.crearParametro(db, actorSistema(), parametro);
}

/**
 * The demo loaders, run in this order in one transaction; each loads its area through the modules' doors (services).
 * A new module's demo data is one more line. Suppliers before products (a product names its supplier); staff users
 * (the base) before their third parties; the e-invoicing settings before the sales billed with them. A loader that
 * stores secrets encrypts them with `secreto`, the server's (null: it leaves them out).
 */
export const CARGAS_DEMO: readonly ((db: Trx, secreto: string | null) => Promise<void>)[] = [
  cargarBaseDemo,
  cargarMaestrosDemo,
  cargarProductosDemo,
  cargarDemoTerceros,
  cargarVentasDemo,
  cargarFacturaElectronicaDemo,
  cargarFacturacionDemo,
  cargarAnticiposDemo,
  cargarCreditosDemo,
  cargarDineroDemo,
  cargarProduccionDemo,
  cargarDespachosDemo,
  cargarCajasDemo,
  cargarRetalesDemo,
];

/**
 * Loads the demo data (CARGAS_DEMO); does nothing when a store already exists. Run in a transaction. `secreto` is the
 * server's secret (lib/secreto.ts), which encrypts the demo certificate and PIN; without it they are left out.
 */
export async function cargarDatosDemo(db: Trx, secreto: string | null = null): Promise<boolean> {
  if (await tiendasService.hayTiendas(db)) return false;
  for (const cargar of CARGAS_DEMO) await cargar(db, secreto);
  return true;
}

/** The demo users that still log in with the demo password: printed at start while demo data is in use. */
export async function usuariosDemoVigentes(db: Db): Promise<typeof USUARIOS_DEMO> {
  const vigentes: typeof USUARIOS_DEMO = [];
  for (const usuario of USUARIOS_DEMO) {
    if (await usuariosService.ingresaConClave(db, usuario.email, CLAVE_DEMO)) vigentes.push(usuario);
  }
  return vigentes;
}
