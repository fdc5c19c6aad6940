import { palabrasBusqueda, sinAcentos } from '@tablero/domain';

/** What the index keeps of a product: what the searches match and filter on. Prices and stock are read per page. */
export interface ProductoIndexable {
  id: number;
  referencia: string;
  nombre_producto: string;
  grupo_id: number;
}

export interface FiltrosProductos {
  /** Search text as typed. */
  busqueda?: string;
  grupoId?: number;
}

/** The columns the index itself sorts by (it keeps them); the store's prices and stock are sorted in PostgreSQL. */
export const COLUMNAS_ORDEN_INDICE = ['referencia', 'nombre_producto'] as const;
export type ColumnaOrdenIndice = (typeof COLUMNAS_ORDEN_INDICE)[number];
export interface OrdenIndice {
  columna: ColumnaOrdenIndice;
  direccion: 'asc' | 'desc';
}

/** Fragments of a reference are looked up by their pieces of this many characters. */
const LARGO_TROZO = 3;
/** The marks of a search take a few consecutive values; they start again from zero before they overflow. */
const TOPE_MARCAS = 0xffff_0000;

/** The first index of the sorted `lista` whose word is not below `palabra` (binary search). */
function primeraNoMenor(lista: string[], palabra: string): number {
  let bajo = 0;
  let alto = lista.length;
  while (bajo < alto) {
    const medio = (bajo + alto) >>> 1;
    if (lista[medio]! < palabra) bajo = medio + 1;
    else alto = medio;
  }
  return bajo;
}

/** The position lists of a map built with plain arrays, as typed arrays. */
function aListas<K>(mapa: Map<K, number[]>): Map<K, Int32Array> {
  const listas = new Map<K, Int32Array>();
  for (const [clave, posiciones] of mapa) listas.set(clave, Int32Array.from(posiciones));
  return listas;
}

/**
 * The catalog's search index (docs/decisions-productos.md, Búsqueda y rendimiento), in memory: with 100,000 products,
 * several common words typed ("tablero melamina blanco 18") made PostgreSQL's full-text index merge tens of thousands
 * of entries per word on every call (5–10 ms of database time), more than the whole budget of a request. Here the same
 * search is a few passes over typed arrays, well under a millisecond, and it counts every match exactly.
 *
 * A product matches when every word typed is the start of a word of its reference or name, accents and case
 * aside ("tab mel blanco" finds "Tablero Melamína Blanco"; "mel-0012" finds MEL-001200), or when the whole text
 * typed appears inside its reference (a fragment of a code, "0012" finds "MDF-100123").
 *
 * Products are kept newest first and known by their position in that order, so positions ascending are already
 * the order of the screens. The index is rebuilt when the catalog changes (see BuscadorProductos).
 */
export class IndiceProductos {
  private readonly ids: Int32Array;
  private readonly grupos: Int32Array;
  /** Positions of each product group and service group, for the lists filtered without a search. */
  private readonly conGrupo: Map<number, Int32Array>;
  /** Every distinct word of references and names, sorted, and for each the positions of the products that have it. */
  private readonly palabras: string[];
  private readonly conPalabra: Int32Array[];
  /** Normalized references by position, and for each three-character piece the positions whose reference has it. */
  private readonly referencias: string[];
  /** Normalized names by position (for sorting by name). */
  private readonly nombres: string[];
  /** Per sortable column, the positions in ascending (value, id) order; built at the first sort by that column. */
  private readonly ordenes = new Map<ColumnaOrdenIndice, Int32Array>();
  private readonly conTrozo: Map<string, Int32Array>;
  /**
   * Work space of a search, kept between calls so that none allocates it: per position a mark (see
   * `coincidencias`), and the positions found.
   */
  private readonly marcas: Uint32Array;
  private readonly encontradas: Int32Array;
  private ronda = 0;

  /** `version` is the catalog's change counter when the products were read (table producto_version). */
  constructor(
    readonly version: string,
    productos: ProductoIndexable[],
  ) {
    const ordenados = [...productos].sort((a, b) => b.id - a.id);
    const total = ordenados.length;
    this.ids = new Int32Array(total);
    this.grupos = new Int32Array(total);
    this.referencias = new Array<string>(total);
    this.nombres = new Array<string>(total);
    this.marcas = new Uint32Array(total);
    this.encontradas = new Int32Array(total);
    const porGrupo = new Map<number, number[]>();
    const porPalabra = new Map<string, number[]>();
    const porTrozo = new Map<string, number[]>();
    // Positions are pushed in ascending order; a product's word or piece seen twice is pushed once.
    const anotar = <K>(mapa: Map<K, number[]>, clave: K, posicion: number) => {
      const lista = mapa.get(clave);
      if (!lista) mapa.set(clave, [posicion]);
      else if (lista[lista.length - 1] !== posicion) lista.push(posicion);
    };
    ordenados.forEach((producto, posicion) => {
      this.ids[posicion] = producto.id;
      this.grupos[posicion] = producto.grupo_id;
      anotar(porGrupo, producto.grupo_id, posicion);
      for (const palabra of palabrasBusqueda(`${producto.referencia} ${producto.nombre_producto}`)) anotar(porPalabra, palabra, posicion);
      const referencia = sinAcentos(producto.referencia);
      this.referencias[posicion] = referencia;
      this.nombres[posicion] = sinAcentos(producto.nombre_producto);
      for (let i = 0; i + LARGO_TROZO <= referencia.length; i++) anotar(porTrozo, referencia.slice(i, i + LARGO_TROZO), posicion);
    });
    this.conGrupo = aListas(porGrupo);
    this.palabras = [...porPalabra.keys()].sort();
    this.conPalabra = this.palabras.map((palabra) => Int32Array.from(porPalabra.get(palabra)!));
    this.conTrozo = aListas(porTrozo);
  }

  /**
   * Ids of one page of the products matching `filtros`, newest first unless `orden` names a column (then by its
   * value without accents or case, ties by id in the same direction, so pages neither repeat nor skip a product),
   * and how many match in all.
   */
  buscar(filtros: FiltrosProductos, offset: number, limit: number, orden?: OrdenIndice): { total: number; ids: number[] } {
    const texto = filtros.busqueda?.trim() ?? '';
    const grupo = filtros.grupoId;
    let posiciones: Int32Array | null;
    if (texto !== '') {
      const encontradas = this.coincidencias(texto);
      // The group filters on the matches, in place.
      let quedan = 0;
      for (let i = 0; i < encontradas.length; i++) {
        const posicion = encontradas[i]!;
        if (grupo === undefined || this.grupos[posicion] === grupo) {
          encontradas[quedan++] = posicion;
        }
      }
      posiciones = encontradas.subarray(0, quedan);
    } else if (grupo !== undefined) {
      posiciones = this.conGrupo.get(grupo) ?? new Int32Array(0);
    } else {
      posiciones = null; // every product
    }
    const total = posiciones ? posiciones.length : this.ids.length;
    if (orden) return { total, ids: this.paginaOrdenada(posiciones, orden, offset, limit) };
    const ids: number[] = [];
    for (let i = offset; i < Math.min(total, offset + limit); i++) ids.push(this.ids[posiciones ? posiciones[i]! : i]!);
    return { total, ids };
  }

  /**
   * The ids at `offset`…`offset + limit` of `posiciones` (null: every product) in the order of `orden`: a walk over
   * the column's sorted positions that takes the marked ones, so a sorted page costs one pass, never a sort.
   */
  private paginaOrdenada(posiciones: Int32Array | null, orden: OrdenIndice, offset: number, limit: number): number[] {
    const ordenadas = this.posicionesOrdenadas(orden.columna);
    const total = ordenadas.length;
    const ids: number[] = [];
    const en = (k: number) => ordenadas[orden.direccion === 'asc' ? k : total - 1 - k]!;
    if (posiciones === null) {
      for (let k = offset; k < Math.min(total, offset + limit); k++) ids.push(this.ids[en(k)]!);
      return ids;
    }
    const sello = this.nuevaRonda(1);
    for (let i = 0; i < posiciones.length; i++) this.marcas[posiciones[i]!] = sello;
    let vistas = 0;
    for (let k = 0; k < total && ids.length < limit; k++) {
      const posicion = en(k);
      if (this.marcas[posicion] !== sello) continue;
      if (vistas++ >= offset) ids.push(this.ids[posicion]!);
    }
    return ids;
  }

  /** The positions in ascending (column value, id) order; sorted once per index and column. */
  private posicionesOrdenadas(columna: ColumnaOrdenIndice): Int32Array {
    let ordenadas = this.ordenes.get(columna);
    if (!ordenadas) {
      const valores = columna === 'referencia' ? this.referencias : this.nombres;
      const ids = this.ids;
      ordenadas = Int32Array.from({ length: ids.length }, (_, posicion) => posicion).sort((a, b) => {
        const x = valores[a]!;
        const y = valores[b]!;
        return x < y ? -1 : x > y ? 1 : ids[a]! - ids[b]!;
      });
      this.ordenes.set(columna, ordenadas);
    }
    return ordenadas;
  }

  /** `cuantas` fresh mark values for the work space, the first returned; marks start again before they overflow. */
  private nuevaRonda(cuantas: number): number {
    if (this.ronda + cuantas + 1 >= TOPE_MARCAS) {
      this.marcas.fill(0);
      this.ronda = 0;
    }
    const base = this.ronda + 1;
    this.ronda += cuantas;
    return base;
  }

  /**
   * Positions, ascending, of the products whose words start with every word typed or whose reference holds the
   * text; a view of the work space, valid until the next search.
   */
  private coincidencias(texto: string): Int32Array {
    const palabras = [...new Set(palabrasBusqueda(texto))];
    const fragmento = sinAcentos(texto);
    const marcas = this.marcas;
    const encontradas = this.encontradas;
    // Marks: after k words, a product that matched them all is marked base + k - 1; `cierre` marks a product
    // already listed, so none is listed twice. Values only grow from search to search, so old marks never match.
    if (this.ronda + palabras.length + 2 >= TOPE_MARCAS) {
      marcas.fill(0);
      this.ronda = 0;
    }
    const base = this.ronda + 1;
    const cierre = base + palabras.length + 1;
    this.ronda = cierre;
    let cuantas = 0;
    let ordenadas = true;

    if (palabras.length > 0) {
      // Each word typed stands for the lists of every indexed word it begins; the rarest goes first, so that
      // the others only advance marks already set.
      const listas = palabras
        .map((palabra) => {
          const desde = primeraNoMenor(this.palabras, palabra);
          let hasta = desde;
          while (hasta < this.palabras.length && this.palabras[hasta]!.startsWith(palabra)) hasta++;
          const deLaPalabra = this.conPalabra.slice(desde, hasta);
          return { deLaPalabra, tamano: deLaPalabra.reduce((suma, lista) => suma + lista.length, 0) };
        })
        .sort((a, b) => a.tamano - b.tamano);
      for (let k = 0; k < listas.length; k++) {
        const anterior = base + k - 1;
        for (const lista of listas[k]!.deLaPalabra) {
          for (let i = 0; i < lista.length; i++) {
            const posicion = lista[i]!;
            if (k === 0 || marcas[posicion] === anterior) marcas[posicion] = base + k;
          }
        }
      }
      const completa = base + listas.length - 1;
      const primeras = listas[0]!.deLaPalabra;
      ordenadas = primeras.length <= 1;
      for (const lista of primeras) {
        for (let i = 0; i < lista.length; i++) {
          const posicion = lista[i]!;
          if (marcas[posicion] === completa) {
            marcas[posicion] = cierre;
            encontradas[cuantas++] = posicion;
          }
        }
      }
    }

    if (fragmento !== '') {
      const antes = cuantas;
      const tomar = (posicion: number) => {
        if (marcas[posicion] !== cierre && this.referencias[posicion]!.includes(fragmento)) {
          marcas[posicion] = cierre;
          encontradas[cuantas++] = posicion;
        }
      };
      if (fragmento.length < LARGO_TROZO) {
        for (let posicion = 0; posicion < this.referencias.length; posicion++) tomar(posicion);
      } else {
        // Candidates: the products holding the rarest piece of the fragment; each is then checked whole.
        let candidatas: Int32Array | undefined;
        for (let i = 0; i + LARGO_TROZO <= fragmento.length; i++) {
          const lista = this.conTrozo.get(fragmento.slice(i, i + LARGO_TROZO));
          if (!lista) {
            candidatas = undefined;
            break;
          }
          if (!candidatas || lista.length < candidatas.length) candidatas = lista;
        }
        if (candidatas) for (let i = 0; i < candidatas.length; i++) tomar(candidatas[i]!);
      }
      if (cuantas > antes && antes > 0) ordenadas = false;
    }
    const resultado = encontradas.subarray(0, cuantas);
    return ordenadas ? resultado : resultado.sort();
  }
}
