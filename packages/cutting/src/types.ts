/**
 * Public types of the cutting optimizer. Field names are the spec's (spec 001 §3 "Piece",
 * "Offcut", "Optimizer form", "Result plan"); generic programming words stay in English.
 *
 * Conventions used everywhere in this package:
 * - All sizes are millimetres. `base` is the horizontal size (x, width) and `altura` the
 *   vertical one (y, height). Piece sizes are whole millimetres; kerf and trims accept
 *   0.1 mm steps.
 * - The origin is the board's bottom-left corner; x grows to the right, y upwards.
 * - Trims: `refilado_x` is removed from the left AND the right edge of a new board,
 *   `refilado_y` from the bottom AND the top edge, so the usable board is
 *   (base − 2·refilado_x) × (altura − 2·refilado_y). Offcuts (retales) are used as they
 *   are: their edges already come from a saw cut, so they are not trimmed.
 * - Kerf: two pieces separated by a cut are at least `desp_sierra` apart. A cut at
 *   `posicion` p removes the material between p and p + desp_sierra.
 */

/** Special-service cutting mode: B base, A altura, P pieza (spec 001 §3). */
export type ModoServicio = 'B' | 'A' | 'P';

/** A special service attached to a piece (e.g. a drilling), charged per piece. */
export interface ServicioEspecial {
  referencia: string;
  modo: ModoServicio;
  /** Quantity per piece. */
  cantidad: number;
}

/** One row of the cut list: `cantidad` identical pieces. */
export interface Pieza {
  cantidad: number;
  base: number;
  altura: number;
  /** True when the piece may turn 90° (plain melamine); false keeps the grain direction. */
  rotacion: boolean;
  descripcion?: string;
  /** Edge band code on each side, or null/empty for none. Top/bottom run along the base. */
  canto_base_top?: string | null;
  canto_base_bottom?: string | null;
  canto_altura_left?: string | null;
  canto_altura_right?: string | null;
  lista_servicios_especiales?: ServicioEspecial[];
}

/** Offcuts available as stock, used before new boards. */
export interface Retal {
  cantidad: number;
  base: number;
  altura: number;
  descripcion?: string;
}

/** Optimizer parameters (spec 001 §9 gives the defaults). */
export interface Parametros {
  /** Board size, mm. */
  base: number;
  altura: number;
  /** Saw kerf, mm (0.1 mm steps). */
  desp_sierra: number;
  /** Extra edge band taken from the roll per banded side, mm. */
  desp_tapacantos: number;
  /** Trim removed from each vertical edge (left and right), mm. */
  refilado_x: number;
  /** Trim removed from each horizontal edge (bottom and top), mm. */
  refilado_y: number;
}

/** Default parameters from spec 001 §9. */
export const PARAMETROS_POR_DEFECTO: Parametros = {
  base: 2440,
  altura: 2150,
  desp_sierra: 5,
  desp_tapacantos: 60,
  refilado_x: 20,
  refilado_y: 20,
};

/** A cutting job: what the optimizer receives. */
export interface TrabajoCorte {
  piezas: Pieza[];
  retales?: Retal[];
  parametros?: Partial<Parametros>;
}

/** Knobs of the search; none changes what a valid answer is. */
export interface OpcionesOptimizacion {
  /**
   * Search budget in milliseconds (default 1000). It is turned into a fixed amount of
   * work, so the same job and seed give the same answer on any machine; a wall-clock
   * guard (a few times the budget) only protects against a very slow machine.
   */
  budgetMs?: number;
  /** Seed of the pseudo-random generator (default 1). */
  seed?: number;
  /** Smallest leftover worth keeping, mm, in either orientation (default 300 × 200). */
  retalMinimo?: { base: number; altura: number };
}

/** Where a piece copy lies on a board, as placed (sizes after rotation). */
export interface PiezaColocada {
  /** Index of the piece row in `TrabajoCorte.piezas`. */
  pieza: number;
  /**
   * Copy number (0-based, within the row's `cantidad`) on each board of the group:
   * `copias[j]` is the copy cut from the j-th identical board.
   */
  copias: number[];
  x: number;
  y: number;
  base: number;
  altura: number;
  rotada: boolean;
}

/** One saw cut, edge to edge of the part of board it splits. */
export interface Corte {
  /** 1 for cuts across the whole usable board, 2 for cuts of the strips they make, … */
  etapa: number;
  /** 'vertical': a line x = posicion; 'horizontal': a line y = posicion. */
  direccion: 'vertical' | 'horizontal';
  /** Where the blade starts; it removes [posicion, posicion + desp_sierra]. */
  posicion: number;
  /** Start of the cut along its line (y for vertical cuts, x for horizontal ones). */
  inicio: number;
  longitud: number;
}

/** An axis-aligned rectangle on a board, mm. */
export interface Rectangulo {
  x: number;
  y: number;
  base: number;
  altura: number;
}

/** Identical boards (same stock, same layout) grouped with their count. */
export interface GrupoTableros {
  /** 'tablero': a new board; 'retal': an offcut from stock. */
  origen: 'tablero' | 'retal';
  /** Index in `TrabajoCorte.retales` when origen is 'retal'. */
  retal?: number;
  base: number;
  altura: number;
  /** How many boards share this layout. */
  cantidad: number;
  /** Trims applied to this stock (0 for offcuts). */
  refilado_x: number;
  refilado_y: number;
  piezas: PiezaColocada[];
  /** In the order a saw operator performs them (trim cuts are not listed). */
  cortes: Corte[];
  /** Free rectangles at least `retalMinimo` in size, worth keeping as new offcuts. */
  retales_aprovechables: Rectangulo[];
  /** Board area neither in pieces nor in reusable leftovers (trims and kerf included), m². */
  desperdicio_m2: number;
  /** Pieces' area over this board's area, %. */
  ptje_aprov: number;
}

/** Edge band needed per code (spec 001 §3 "tapacantos (codigo, ml, pegado)"). */
export interface Tapacanto {
  codigo: string;
  /** Metres to take from the roll: banded length plus desp_tapacantos per banded side. */
  ml: number;
  /** Metres glued on pieces. */
  pegado: number;
}

/** The optimizer's answer (the spec's "planilla" figures plus the layouts). */
export interface ResultadoCorte {
  /** New boards used (offcuts from stock are not counted here). */
  cant_placas: number;
  /** Offcuts from stock used. */
  cant_retales: number;
  /** Pieces' area over the area of every board and offcut used, %. */
  ptje_aprov: number;
  /** Number of saw cuts (trims excluded). */
  cant_cortes: number;
  /** Total length of those saw cuts, m. */
  cant_desp_sierra: number;
  tapacantos: Tapacanto[];
  tableros: GrupoTableros[];
  /** No answer can use fewer new boards than this. */
  limite_inferior: number;
  /** Search statistics, for logs and the benchmark. */
  stats: { iterations: number; ms: number; reachedLowerBound: boolean };
}
