/** Siigo's lists (spec 001): inventory classifications for categories and Siigo taxes for taxes. */
export { useClasificacionesInventario, useSiigoImpuestos } from './api/get-siigo';
