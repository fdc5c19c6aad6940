import { leerUnidadRedondeo, motivoValorParametro, PARAMETRO_REDONDEO_EFECTIVO, PARAMETROS_EMPRESA, type UnidadRedondeoEfectivo, type Parametro, type ParametroCrear } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as repositorio from './parametros.repository';

export function listarParametros(db: Db): Promise<Parametro[]> {
  return repositorio.listParametros(db);
}

/** The issuer a printed document names: the EMPRESA_* parameters, by the field they fill. */
export type Empresa = Record<keyof typeof PARAMETROS_EMPRESA, string>;

/**
 * The issuer the sale, advance and credit documents print (the EMPRESA_* parameters, trimmed; this is the one place
 * that reads them). A missing legal name prints `razonSocialPorDefecto` (the store's name, or the product's).
 */
export async function leerEmpresa(db: Db, razonSocialPorDefecto: string): Promise<Empresa> {
  const valores = new Map((await repositorio.listParametros(db)).map((p) => [p.codigo_parametro, p.valor_parametro.trim()]));
  const valor = (campo: keyof typeof PARAMETROS_EMPRESA) => valores.get(PARAMETROS_EMPRESA[campo]) ?? '';
  return {
    razon_social: valor('razon_social') || razonSocialPorDefecto,
    nit: valor('nit'),
    direccion: valor('direccion'),
    telefono: valor('telefono'),
    ciudad: valor('ciudad'),
  };
}

/**
 * Every parameter, read once per transaction: a use case that reads several (a bill reads the cash shift's roles, the
 * cash rounding and the reservation days) costs one statement, not one each (docs/decisions.md, "Una factura en pocas
 * sentencias"). The table is a few dozen rows. A transaction thus sees its parameters as they were at its first read,
 * one consistent set; this module's writers drop the transaction's copy. Outside a transaction each read goes to the
 * table.
 */
const leidosEnTransaccion = new WeakMap<Db, Promise<Map<string, string>>>();

function valores(db: Db): Promise<Map<string, string>> | undefined {
  if (!db.isTransaction) return undefined;
  let leidos = leidosEnTransaccion.get(db);
  if (!leidos) {
    leidos = repositorio.listParametros(db).then((filas) => new Map(filas.map((f) => [f.codigo_parametro, f.valor_parametro])));
    // A failed read is not kept: the transaction fails with it anyway.
    leidos.catch(() => leidosEnTransaccion.delete(db));
    leidosEnTransaccion.set(db, leidos);
  }
  return leidos;
}

async function buscarValor(db: Db, codigo: string): Promise<string | undefined> {
  const enTransaccion = valores(db);
  if (enTransaccion) return (await enTransaccion).get(codigo);
  return (await repositorio.findParametro(db, codigo))?.valor_parametro;
}

/** One parameter by code (the sales screens read them); 404 when it does not exist. */
export async function leerParametro(db: Db, codigo: string): Promise<Parametro> {
  const valor = await buscarValor(db, codigo);
  if (valor === undefined) throw new AppError('PARAMETRO_NO_ENCONTRADO');
  return { codigo_parametro: codigo, valor_parametro: valor };
}

/** A parameter's value, or null when the parameter does not exist (the readers that fall back to a default). */
export async function valorParametro(db: Db, codigo: string): Promise<string | null> {
  return (await buscarValor(db, codigo)) ?? null;
}

/** Creates a parameter and its first history row; 409 when the code is taken. Call inside a transaction. */
export async function crearParametro(db: Trx, actor: Actor, datos: ParametroCrear): Promise<void> {
  leidosEnTransaccion.delete(db);
  exigirValorValido(datos.codigo_parametro, datos.valor_parametro);
  if (!(await repositorio.insertParametro(db, datos))) throw new AppError('PARAMETRO_DUPLICADO');
  await repositorio.insertHistorial(db, {
    codigo_parametro: datos.codigo_parametro,
    valor_anterior: null,
    valor_nuevo: datos.valor_parametro,
    user_id: actor.userId,
  });
}

/** Changes a parameter's value (its code is fixed) and records the change. Call inside a transaction. */
export async function editarParametro(db: Trx, actor: Actor, codigo: string, valor: string): Promise<void> {
  leidosEnTransaccion.delete(db);
  exigirValorValido(codigo, valor);
  const actual = await repositorio.lockParametro(db, codigo);
  if (!actual) throw new AppError('PARAMETRO_NO_ENCONTRADO');
  if (actual.valor_parametro === valor) return;
  await repositorio.updateValorParametro(db, codigo, valor);
  await repositorio.insertHistorial(db, {
    codigo_parametro: codigo,
    valor_anterior: actual.valor_parametro,
    valor_nuevo: valor,
    user_id: actor.userId,
  });
}

/** A parameter the application reads with a shape (VALIDACION_PARAMETROS) refuses another value: 422 on the field. */
function exigirValorValido(codigo: string, valor: string): void {
  const motivo = motivoValorParametro(codigo, valor);
  if (motivo) throw campoInvalido('valor_parametro', motivo);
}

/** The cash rounding unit (docs/decisions-redondeo-envios.md): the parameter's; null without the parameter's row. */
export async function leerUnidadRedondeoEfectivo(db: Db): Promise<UnidadRedondeoEfectivo | null> {
  return leerUnidadRedondeo(await valorParametro(db, PARAMETRO_REDONDEO_EFECTIVO));
}
