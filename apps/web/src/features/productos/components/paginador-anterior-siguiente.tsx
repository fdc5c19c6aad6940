// Kept only while features/productos/index.ts still re-exports it: every list now uses the shared Paginador
// (components/paginador, variant 'anterior-siguiente'); delete this file with that export line.
export { Paginador as PaginadorAnteriorSiguiente } from '@/components/paginador';
