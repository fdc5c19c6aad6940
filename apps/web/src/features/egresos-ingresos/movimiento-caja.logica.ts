import { z } from 'zod';
import { DESCRIPCION_EGRESO_INGRESO_MAXIMA, esFechaValida, MENSAJES_DINERO, MENSAJES_EGRESOS_INGRESOS as M, VALOR_MAXIMO_PESOS } from '@tablero/domain';

/**
 * Expenses and income (spec 002 §2.10, §3, §5; docs/decisions-pagos-proveedores.md) are the same record with two names: an expense
 * (egreso) takes money out of the drawer or the bank, an income (ingreso) puts it in. Their routes, fields and
 * messages differ only by that word, so one form serves both, told which it is.
 */
export type TipoMovimientoCaja = 'egreso' | 'ingreso';

/** spec 002 §5 Expense and income: any field missing. */
export const MENSAJE_CAMPOS_MOVIMIENTO = M.camposSolicitados;
export const DESCRIPCION_MOVIMIENTO_MAXIMA = DESCRIPCION_EGRESO_INGRESO_MAXIMA;

/** An expense or income as the server answers it (GET egresos/{id} → data.egreso; the Cuadre de caja rows). */
export interface MovimientoCaja {
  id: number;
  codigo_tienda: string;
  fecha: string;
  forma_pago_id: number;
  nombre_forma_pago?: string;
  valor: number;
  descripcion: string;
  usuario_responsable: number;
  nombre_usuario?: string;
}

/** What each kind is called: its route, its answer's key, its fields and its texts. */
export interface ConfiguracionMovimiento {
  ruta: 'egresos' | 'ingresos';
  campo: TipoMovimientoCaja;
  fecha: 'fecha_egreso' | 'fecha_ingreso';
  valor: 'valor_egreso' | 'valor_ingreso';
  descripcion: 'descripcion_egreso' | 'descripcion_ingreso';
  tituloCrear: string;
  tituloEditar: string;
  registrado: string;
  actualizado: string;
}

export const CONFIGURACION_MOVIMIENTO: Record<TipoMovimientoCaja, ConfiguracionMovimiento> = {
  egreso: {
    ruta: 'egresos',
    campo: 'egreso',
    fecha: 'fecha_egreso',
    valor: 'valor_egreso',
    descripcion: 'descripcion_egreso',
    tituloCrear: 'Agregar egreso',
    tituloEditar: 'Editar egreso',
    registrado: M.egresoRegistrado,
    actualizado: M.egresoActualizado,
  },
  ingreso: {
    ruta: 'ingresos',
    campo: 'ingreso',
    fecha: 'fecha_ingreso',
    valor: 'valor_ingreso',
    descripcion: 'descripcion_ingreso',
    tituloCrear: 'Agregar ingreso',
    tituloEditar: 'Editar ingreso',
    registrado: M.ingresoRegistrado,
    actualizado: M.ingresoActualizado,
  },
};

/** The form's values: the date and method null while not chosen, the value '' while empty (the money input's blank). */
export interface FormularioMovimiento {
  fecha: string | null;
  forma_pago_id: number | null;
  valor: number | '';
  descripcion: string;
}

export const FORMULARIO_VACIO = (hoy: string): FormularioMovimiento => ({ fecha: hoy, forma_pago_id: null, valor: '', descripcion: '' });

/** The body of POST {ruta}/guardar and PUT {ruta}/{id}/actualizar: the kind's own field names. */
export type CuerpoMovimiento = Record<string, string | number>;

/**
 * The form's rule (spec 002 §5): date (not after today), method, value above zero and description, all required; each
 * field says what it misses and the toast says 'Debe ingresar todos los campos solicitados'. The money input already
 * reads '1,250,000' as 1250000 (thousands separators never reach the body).
 */
export function esquemaMovimiento(hoy: string) {
  return z.object({
    fecha: z
      .string({ error: 'Debe seleccionar una fecha' })
      .nullable()
      .refine((fecha): fecha is string => fecha !== null && esFechaValida(fecha), 'Debe seleccionar una fecha')
      .refine((fecha) => fecha === null || fecha <= hoy, M.fechaFutura),
    forma_pago_id: z.number({ error: 'Debe seleccionar una forma de pago' }).nullable().refine((id) => id !== null, 'Debe seleccionar una forma de pago'),
    valor: z
      .union([z.number(), z.literal('')])
      .refine((valor) => valor !== '' && Number.isFinite(valor), 'Debe ingresar un valor')
      .refine((valor) => valor === '' || !Number.isFinite(valor) || valor > 0, M.valorCero)
      .refine((valor) => valor === '' || !Number.isFinite(valor) || valor <= VALOR_MAXIMO_PESOS, MENSAJES_DINERO.maximo),
    descripcion: z
      .string()
      .trim()
      .min(1, 'Debe ingresar una descripción')
      .max(DESCRIPCION_MOVIMIENTO_MAXIMA, M.descripcionLarga),
  });
}

/** The valid form as the kind's body: `{ fecha_egreso, forma_pago_id, valor_egreso, descripcion_egreso }`. */
export function cuerpoMovimiento(tipo: TipoMovimientoCaja, valores: FormularioMovimiento): CuerpoMovimiento {
  const config = CONFIGURACION_MOVIMIENTO[tipo];
  return {
    [config.fecha]: valores.fecha ?? '',
    forma_pago_id: valores.forma_pago_id ?? 0,
    [config.valor]: valores.valor === '' ? 0 : valores.valor,
    [config.descripcion]: valores.descripcion.trim(),
  };
}

/** A record of the kind (`{ id, fecha_egreso, valor_egreso… }`) in the shape both kinds share. */
export function movimientoDe(tipo: TipoMovimientoCaja, registro: Record<string, unknown>): MovimientoCaja {
  const config = CONFIGURACION_MOVIMIENTO[tipo];
  const texto = (valor: unknown) => (typeof valor === 'string' ? valor : '');
  return {
    id: Number(registro.id),
    codigo_tienda: texto(registro.codigo_tienda),
    // A timestamp would carry its time: the form's date is the calendar day.
    fecha: texto(registro[config.fecha]).slice(0, 10),
    forma_pago_id: Number(registro.forma_pago_id),
    ...(typeof registro.nombre_forma_pago === 'string' ? { nombre_forma_pago: registro.nombre_forma_pago } : {}),
    valor: Number(registro[config.valor]),
    descripcion: texto(registro[config.descripcion]),
    usuario_responsable: Number(registro.usuario_responsable),
    ...(typeof registro.nombre_usuario === 'string' ? { nombre_usuario: registro.nombre_usuario } : {}),
  };
}

/** The form's values for editing a record. */
export function formularioDe(movimiento: MovimientoCaja): FormularioMovimiento {
  return { fecha: movimiento.fecha || null, forma_pago_id: movimiento.forma_pago_id, valor: movimiento.valor, descripcion: movimiento.descripcion };
}
