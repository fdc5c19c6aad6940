import type { FieldErrors, FieldValues } from 'react-hook-form';
import { MENSAJE_DV_NIT } from '@tablero/domain';
import { MENSAJE_FALTAN_CAMPOS } from '@/lib/formularios';
import { notificarError } from '@/lib/notificaciones';

/** The messages that say what is wrong better than 'Faltan campos por ingresar': the toast repeats them. */
const MENSAJES_PROPIOS: readonly string[] = [MENSAJE_DV_NIT];

/** Every message of a form's errors, nested fields included. */
function mensajesDe(errores: FieldErrors): string[] {
  return Object.values(errores).flatMap((error) => {
    if (!error || typeof error !== 'object') return [];
    const propio = typeof error.message === 'string' ? [error.message] : [];
    const { message: _mensaje, type: _tipo, ref: _ref, types: _tipos, root: _raiz, ...anidados } = error as Record<string, unknown>;
    return [...propio, ...mensajesDe(anidados as FieldErrors)];
  });
}

/**
 * What an invalid submit of a customer or supplier form toasts: a wrong NIT check digit says so ('El dígito de
 * verificación no corresponde al NIT', also on its field), anything else the spec's 'Faltan campos por ingresar'
 * (spec 001 §5).
 */
export function mensajeFormularioInvalido(errores: FieldErrors): string {
  return mensajesDe(errores).find((mensaje) => MENSAJES_PROPIOS.includes(mensaje)) ?? MENSAJE_FALTAN_CAMPOS;
}

/** The `alInvalido` of the customer and supplier forms. */
export function avisarFormularioInvalido<T extends FieldValues>(errores: FieldErrors<T>): void {
  notificarError(mensajeFormularioInvalido(errores as FieldErrors));
}
