/** Tables of the productos area; each migration of the area adds its tables here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the area's migrations land
export interface ProductosTables {}
