import { GRUPOS_SERVICIO } from '@tablero/domain';
import type { Db } from '../database';
import * as maquinasService from '../../modules/maquinas';
import * as proveedoresService from '../../modules/proveedores';
import * as tiposConceptosService from '../../modules/tipos-conceptos';

/** Suppliers of boards, edge bands and hardware (plausible, not real companies). */
export const PROVEEDORES_DEMO = [
  {
    nombre_proveedor: 'Maderas y Tableros del Valle S.A.S.',
    nit: '900456789-4',
    numero_telefonico: '6024851200',
    correo_electronico: 'ventas@maderasdelvalle.test',
    direccion: 'Calle 15 # 32-40, Yumbo',
    credito: true,
    plazo_credito: 30,
  },
  {
    nombre_proveedor: 'Cantos y Perfiles Andinos Ltda.',
    nit: '830112233-1',
    numero_telefonico: '6014117788',
    correo_electronico: 'pedidos@cantosandinos.test',
    direccion: 'Carrera 68 # 13-25, Bogotá',
    credito: true,
    plazo_credito: 45,
  },
  {
    nombre_proveedor: 'Herrajes El Poblado S.A.S.',
    nit: '901234567-7',
    numero_telefonico: '3104567890',
    correo_electronico: 'contacto@herrajespoblado.test',
    direccion: 'Carrera 43A # 1 Sur-50, Medellín',
    credito: false,
    plazo_credito: 0,
  },
  {
    nombre_proveedor: 'Transportes Rápido Antioquia',
    nit: '811045678-9',
    numero_telefonico: '3127894561',
    correo_electronico: 'despachos@rapidoantioquia.test',
    direccion: null,
    credito: false,
    plazo_credito: 0,
  },
];

/** What supplier payments are for (spec 002 §2.11). */
export const TIPOS_CONCEPTOS_DEMO = [
  'Compra de tableros',
  'Compra de cantos',
  'Herrajes y accesorios',
  'Transporte y fletes',
  'Mantenimiento de máquinas',
  'Arriendo',
  'Servicios públicos',
];

/** Machines for Corte (1), Enchape (2), Servicios especiales (3) and Empaque (6) (spec 002 §9); states 1 Disponible, 2 En mantenimiento, 3 Fuera de servicio. */
export const MAQUINAS_DEMO = [
  { referencia: 'COR-01', nombre_maquina: 'Seccionadora horizontal', grupo_servicio_id: GRUPOS_SERVICIO.CORTE, estado_maquina_id: 1 },
  { referencia: 'COR-02', nombre_maquina: 'Sierra escuadradora', grupo_servicio_id: GRUPOS_SERVICIO.CORTE, estado_maquina_id: 1 },
  { referencia: 'COR-03', nombre_maquina: 'Seccionadora vertical', grupo_servicio_id: GRUPOS_SERVICIO.CORTE, estado_maquina_id: 2 },
  { referencia: 'ENC-01', nombre_maquina: 'Enchapadora de cantos recta', grupo_servicio_id: GRUPOS_SERVICIO.ENCHAPE, estado_maquina_id: 1 },
  { referencia: 'ENC-02', nombre_maquina: 'Enchapadora de cantos curvos', grupo_servicio_id: GRUPOS_SERVICIO.ENCHAPE, estado_maquina_id: 3 },
  { referencia: 'ESP-01', nombre_maquina: 'Router CNC', grupo_servicio_id: GRUPOS_SERVICIO.SERVICIOS_ESPECIALES, estado_maquina_id: 1 },
  { referencia: 'ESP-02', nombre_maquina: 'Taladro múltiple', grupo_servicio_id: GRUPOS_SERVICIO.SERVICIOS_ESPECIALES, estado_maquina_id: 2 },
  { referencia: 'EMP-01', nombre_maquina: 'Mesa de empaque', grupo_servicio_id: GRUPOS_SERVICIO.EMPAQUE, estado_maquina_id: 1 },
  { referencia: 'EMP-02', nombre_maquina: 'Envolvedora de película', grupo_servicio_id: GRUPOS_SERVICIO.EMPAQUE, estado_maquina_id: 1 },
];

/** Loads the masters' demo data (suppliers, concept types, machines) through their services. Run in the demo transaction. */
export async function cargarMaestrosDemo(db: Db): Promise<void> {
  for (const proveedor of PROVEEDORES_DEMO) await proveedoresService.crearProveedor(db, proveedor);
  for (const nombre of TIPOS_CONCEPTOS_DEMO) await tiposConceptosService.crearTipoConcepto(db, nombre);
  for (const maquina of MAQUINAS_DEMO) await maquinasService.crearMaquina(db, maquina);
}
