/**
 * The file name a download answer carries (Content-Disposition: `filename*=UTF-8''Export%20ventas.xlsx` or
 * `filename="…"`), or `porDefecto` when it says none.
 */
export function nombreDeDescarga(disposicion: string | null, porDefecto: string): string {
  if (!disposicion) return porDefecto;
  const extendido = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposicion);
  if (extendido?.[1]) {
    try {
      return decodeURIComponent(extendido[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const simple = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/.exec(disposicion);
  const nombre = (simple?.[1] ?? simple?.[2])?.trim();
  return nombre || porDefecto;
}
