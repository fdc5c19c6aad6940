import { terceroCrearSchema, terceroEditarSchema, type TerceroGuardarEntrada } from '@tablero/domain';
import { actorSistema, type Trx } from '../transaccion';
import * as abonosService from '../../modules/abonos';
import * as cuentasCreditoService from '../../modules/cuentas-credito';
import * as tercerosService from '../../modules/terceros';
import * as usuariosService from '../../modules/usuarios';

const CLAVE_DEMO = 'demo1234';
const TIENDA = '001';

const cliente = (datos: Partial<TerceroGuardarEntrada>): TerceroGuardarEntrada =>
  ({
  tipo_documento_id: 1,
  tipo_tercero: 'C',
  tipo_persona: 'Person',
  responsable_iva: false,
  responsabilidad_fiscal: 'R-99-PN',
  numero_telefonico: null,
  country_code: 'CO',
  ...datos,
  }) as TerceroGuardarEntrada;

const personal = (datos: Partial<TerceroGuardarEntrada>): TerceroGuardarEntrada =>
  ({
  tipo_documento_id: 1,
  tipo_persona: 'Person',
  responsable_iva: false,
  responsabilidad_fiscal: 'R-99-PN',
  numero_telefonico: null,
  direccion_residencia: null,
  country_code: null,
  state_code: null,
  city_code: null,
  ...datos,
  }) as TerceroGuardarEntrada;

/** Customers of Antioquia, Bogotá and Cali (DIVIPOLA codes), people and companies. */
export const CLIENTES_DEMO: TerceroGuardarEntrada[] = [
  cliente({
    tipo_documento_id: 2,
    numero_documento: '900456789',
    nombres: 'Carpintería El Roble',
    apellidos: 'S.A.S.',
    correo_electronico: 'compras@carpinteriaelroble.test',
    numero_telefonico: '6044448899',
    numero_celular: '3104567890',
    tipo_persona: 'Company',
    responsable_iva: true,
    responsabilidad_fiscal: 'O-15',
    direccion_residencia: 'Carrera 52 # 14-30, Guayabal',
    state_code: '05',
    city_code: '05001',
  }),
  cliente({
    numero_documento: '43876512',
    nombres: 'María Fernanda',
    apellidos: 'Ospina Gómez',
    correo_electronico: 'mafe.ospina@correo.test',
    numero_celular: '3015558899',
    direccion_residencia: 'Calle 37 Sur # 43-12',
    state_code: '05',
    city_code: '05266',
  }),
  cliente({
    tipo_documento_id: 2,
    numero_documento: '901234567',
    nombres: 'Muebles y Diseños La Esquina',
    apellidos: 'S.A.S.',
    correo_electronico: 'gerencia@lasesquina.test',
    numero_telefonico: '6017654321',
    numero_celular: '3209876543',
    tipo_persona: 'Company',
    responsable_iva: true,
    responsabilidad_fiscal: 'O-47',
    direccion_residencia: 'Avenida Calle 68 # 24-15',
    state_code: '11',
    city_code: '11001',
  }),
  cliente({
    numero_documento: '98562314',
    nombres: 'Jorge Iván',
    apellidos: 'Cardona Restrepo',
    correo_electronico: 'jorgecardona@correo.test',
    numero_celular: '3127771122',
    direccion_residencia: 'Carrera 50 # 51-20',
    state_code: '05',
    city_code: '05360',
  }),
  cliente({
    tipo_documento_id: 2,
    numero_documento: '805012345',
    nombres: 'Cocinas Integrales del Valle',
    apellidos: 'Ltda.',
    correo_electronico: 'pedidos@cocinasdelvalle.test',
    numero_celular: '3176543210',
    tipo_persona: 'Company',
    responsable_iva: true,
    responsabilidad_fiscal: 'O-13',
    direccion_residencia: 'Calle 5 # 38-45',
    state_code: '76',
    city_code: '76001',
  }),
  cliente({
    numero_documento: '32456789',
    nombres: 'Luz Marina',
    apellidos: 'Quintero Vélez',
    correo_electronico: 'luzmarina.q@correo.test',
    numero_celular: '3004445566',
    direccion_residencia: 'Diagonal 55 # 34-80',
    state_code: '05',
    city_code: '05088',
  }),
  cliente({
    numero_documento: '1036654321',
    nombres: 'Ana Lucía',
    apellidos: 'Restrepo Arango',
    correo_electronico: 'analucia.restrepo@correo.test',
    numero_celular: '3148889900',
    direccion_residencia: 'Calle 49 # 50-15',
    state_code: '05',
    city_code: '05615',
  }),
  // The same number with two document types (spec 001 §5: the document is unique per type and number): a trader buys as
  // a person (CC) and as her business, whose NIT is her cédula number, as a natural person's NIT is in Colombia. Both
  // have credit accounts.
  cliente({
    numero_documento: '52345678',
    nombres: 'Gloria Patricia',
    apellidos: 'Henao Ruiz',
    correo_electronico: 'gloria.henao@correo.test',
    numero_celular: '3165552211',
    direccion_residencia: 'Calle 10 # 43-25',
    state_code: '05',
    city_code: '05001',
  }),
  cliente({
    tipo_documento_id: 2,
    numero_documento: '52345678',
    nombres: 'Ebanistería Henao',
    apellidos: 'E.U.',
    correo_electronico: 'ebanisteria.henao@correo.test',
    numero_telefonico: '6043217788',
    numero_celular: '3165552212',
    responsable_iva: true,
    responsabilidad_fiscal: 'O-47',
    direccion_residencia: 'Carrera 65 # 30-12, Belén',
    state_code: '05',
    city_code: '05001',
  }),
];

/** The demo users of demo.ts as third parties (same e-mail), so they appear on Clientes with their profile. */
const PERSONAL_VINCULADO: TerceroGuardarEntrada[] = [
  personal({ numero_documento: '1017223344', nombres: 'Valentina', apellidos: 'Vendedora', correo_electronico: 'vendedor@tablero.test', numero_celular: '3001112233', tipo_tercero: 'V' }),
  personal({ numero_documento: '71654987', nombres: 'Andrés', apellidos: 'Administrador', correo_electronico: 'admin@tablero.test', numero_celular: '3002223344', tipo_tercero: 'A' }),
  personal({ numero_documento: '70123456', nombres: 'Bernardo', apellidos: 'Bodega', correo_electronico: 'bodega@tablero.test', numero_celular: '3003334455', tipo_tercero: 'B' }),
  personal({ numero_documento: '1020445566', nombres: 'Óscar', apellidos: 'Operario', correo_electronico: 'operario@tablero.test', numero_celular: '3004445566', tipo_tercero: 'OP' }),
];

/** More operators, for the cutting, edge-banding and packing machines; they log in with the demo password. */
const OPERARIOS_DEMO: TerceroGuardarEntrada[] = [
  personal({ numero_documento: '1037998877', nombres: 'Wilmer', apellidos: 'Zapata Enchape', correo_electronico: 'operario.enchape@tablero.test', numero_celular: '3015551234', tipo_tercero: 'OP' }),
  personal({ numero_documento: '1152334455', nombres: 'Yeison', apellidos: 'Mesa Corte', correo_electronico: 'operario.corte@tablero.test', numero_celular: '3016662345', tipo_tercero: 'OP' }),
];

/** Messengers: offered in the dispatch dialog; they do not log in. */
const MENSAJEROS_DEMO: TerceroGuardarEntrada[] = [
  personal({ numero_documento: '1001234567', nombres: 'Camilo', apellidos: 'Rendón', correo_electronico: 'camilo.rendon@correo.test', numero_celular: '3117778899', tipo_tercero: 'MSJ' }),
  personal({ numero_documento: '1001987654', nombres: 'Stiven', apellidos: 'Londoño', correo_electronico: 'stiven.londono@correo.test', numero_celular: '3118889900', tipo_tercero: 'MSJ' }),
  personal({ numero_documento: '1002456123', nombres: 'Didier', apellidos: 'Valencia', correo_electronico: 'didier.valencia@correo.test', numero_celular: '3119990011', tipo_tercero: 'MSJ' }),
];

/**
 * Demo data of the terceros area: customers (two with prepaid balance, four with credit accounts, three of
 * them with credit already used, two sharing a document number), the demo staff as third parties, more operators
 * and messengers.
 * Runs inside demo.ts's transaction, after the demo users exist.
 */
export async function cargarDemoTerceros(db: Trx): Promise<void> {
  // The demo's money movements are signed by the demo SuperAdministrador, in the demo store.
  const autor = { ...actorSistema(TIENDA), userId: (await usuariosService.idPorEmail(db, 'superadmin@tablero.test')) ?? null };
  const ids: number[] = [];
  for (const datos of CLIENTES_DEMO) {
    ids.push(await tercerosService.registrarTercero(db, terceroCrearSchema.parse(datos), { userId: null, codigoTienda: TIENDA }));
  }
  for (const datos of PERSONAL_VINCULADO) {
    const userId = (await usuariosService.idPorEmail(db, datos.correo_electronico!)) ?? null;
    await tercerosService.registrarTercero(db, terceroEditarSchema.parse(datos), { userId, codigoTienda: TIENDA });
  }
  for (const datos of OPERARIOS_DEMO) {
    const userId = await usuariosService.crearUsuario(db, {
      name: `${datos.nombres} ${datos.apellidos}`,
      email: datos.correo_electronico!,
      password: CLAVE_DEMO,
      role: 'Operario',
      tiendas: [TIENDA],
    });
    await tercerosService.registrarTercero(db, terceroEditarSchema.parse(datos), { userId, codigoTienda: TIENDA });
  }
  for (const datos of MENSAJEROS_DEMO) {
    await tercerosService.registrarTercero(db, terceroCrearSchema.parse(datos), { userId: null, codigoTienda: TIENDA });
  }

  const [roble, mariaFernanda, esquina, jorge] = ids as [number, number, number, number];
  const [gloria, ebanisteria] = ids.slice(-2) as [number, number];
  await abonosService.registrarAbono(db, { terceroId: mariaFernanda, valor: 350_000, descripcion: 'Abono en efectivo para cocina integral' }, autor);
  await abonosService.registrarAbono(db, { terceroId: mariaFernanda, valor: 150_000, descripcion: 'Transferencia Bancolombia' }, autor);
  await abonosService.registrarAbono(db, { terceroId: jorge, valor: 80_000 }, autor);

  await cuentasCreditoService.guardarCuenta(db, { id: null, tercero_id: roble, total_cupo_permitido: 5_000_000 }, autor);
  // A 60-day term: its credit sales are due later than the 30 days of the others.
  await cuentasCreditoService.guardarCuenta(db, { id: null, tercero_id: esquina, total_cupo_permitido: 3_000_000, plazo_dias: 60 }, autor);
  // CC 52345678 and NIT 52345678: the detail screen of that number asks which customer.
  await cuentasCreditoService.guardarCuenta(db, { id: null, tercero_id: gloria, total_cupo_permitido: 1_500_000 }, autor);
  await cuentasCreditoService.guardarCuenta(db, { id: null, tercero_id: ebanisteria, total_cupo_permitido: 6_000_000 }, autor);
  // Their credit comes from billed credit sales (demo-creditos.ts): every charge names its sale
  // (docs/decisions-creditos.md).
}
