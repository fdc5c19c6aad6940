/** The five staff roles of the spec (000 §1, §6). SuperAdministrador passes every role check. */
export const ROLES = ['SuperAdministrador', 'Administrador', 'Vendedor', 'Bodega', 'Operario'] as const;

export type Rol = (typeof ROLES)[number];

export const SUPER_ADMINISTRADOR: Rol = 'SuperAdministrador';

export function esRol(valor: unknown): valor is Rol {
  return typeof valor === 'string' && (ROLES as readonly string[]).includes(valor);
}
