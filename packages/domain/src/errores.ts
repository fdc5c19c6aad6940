/**
 * The one error vocabulary (ARCHITECTURE §4): each code with its HTTP status and the Spanish
 * message the user reads. The server throws AppError(code); the web shows `message`.
 * 401 and 403 log the user out on the web (spec 000 §8), so they are used only for sessions,
 * roles and stores; 400 is never answered, because the web would log the user out on it.
 */
export const ERRORES = {
  /** No bearer token, or one that is not ours. */
  NO_AUTENTICADO: { status: 401, mensaje: 'Debe iniciar sesión para continuar' },
  /** The token's time is over, or its connection was closed or revoked. */
  SESION_EXPIRADA: { status: 401, mensaje: 'Su sesión terminó. Ingrese de nuevo' },
  CREDENCIALES_INVALIDAS: { status: 401, mensaje: 'El correo o la contraseña no son correctos' },
  USUARIO_INACTIVO: { status: 401, mensaje: 'El usuario está inactivo. Contáctese con el administrador' },
  ROL_NO_PERMITIDO: {
    status: 403,
    mensaje: 'No tiene permiso para realizar esta acción. Por favor contáctese con el administrador',
  },
  TIENDA_NO_PERMITIDA: { status: 403, mensaje: 'No tiene acceso a la tienda seleccionada' },
  NO_ENCONTRADO: { status: 404, mensaje: 'No se encontró el recurso solicitado' },
  PARAMETRO_NO_ENCONTRADO: { status: 404, mensaje: 'No se encontró el parámetro' },
  CONEXION_NO_ENCONTRADA: { status: 404, mensaje: 'No se encontró la conexión' },
  USUARIO_NO_ENCONTRADO: { status: 404, mensaje: 'No se encontró el usuario' },
  PARAMETRO_DUPLICADO: { status: 409, mensaje: 'Ya existe un parámetro con ese código' },
  DATOS_INVALIDOS: { status: 422, mensaje: 'Faltan campos por ingresar' },
  // Área productos.
  // Área terceros.
  // Área maestros.
  /** A call that works in the context of a store was sent without the store header. */
  TIENDA_REQUERIDA: { status: 422, mensaje: 'Debe seleccionar una tienda' },
  DEMASIADOS_INTENTOS: {
    status: 429,
    mensaje: 'Demasiados intentos de ingreso. Espere unos minutos e intente de nuevo',
  },
  ERROR_INTERNO: { status: 500, mensaje: 'Ocurrió un error inesperado. Intente de nuevo más tarde' },
} as const satisfies Record<string, { status: number; mensaje: string }>;

export type CodigoError = keyof typeof ERRORES;

/** Body of every error answer. `errors` lists the Spanish messages per field on 422. */
export interface RespuestaError {
  message: string;
  code?: CodigoError;
  errors?: Record<string, string[]>;
}
