export * from './roles';
export * from './acceso';
export * from './rutas';
export * from './errores';
export * from './paginacion';
export * from './sesion/sesion.schema';
export * from './parametros/parametros.schema';
export * from './conexiones/conexiones.schema';
// Área productos.
// Área terceros.
// Área maestros.
