/**
 * Every test factory, from one place (ARCHITECTURE §7: test data is built here, never from the demo seed). Each
 * area keeps its own file; a new one is one more line here.
 */
export * from './factories-base';
export * from './factories-maestros';
export * from './factories-productos';
export * from './factories-terceros';
export * from './factories-corte';
export * from './factories-ventas';
export * from './factories-descuentos';
export * from './factories-dinero';
export * from './factories-periodos';
export * from './factories-cajas';
