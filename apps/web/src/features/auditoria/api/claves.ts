import { raicesConsulta } from '@/lib/claves-consulta';

/** The query keys of auditoria: every query of the feature starts with `todas`. */
export const clavesAuditoria = {
  todas: raicesConsulta.auditoria,
  /** A page of GET auditoria for its filters, page and size. */
  cambios: (consulta: object) => [...clavesAuditoria.todas, 'cambios', consulta] as const,
  /** GET auditoria/usuarios: the users of the filter. */
  usuarios: () => [...clavesAuditoria.todas, 'usuarios'] as const,
};
