/**
 * Starts the browser download of `url` (a signed, short-lived link of the server, or an object URL of a file built
 * here): the one download helper of the web (inventory export, billing export, cutting CSV, pieces CSV).
 */
export function descargar(url: string, nombre = '') {
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
}

/** Downloads text built on the page (a CSV) as the file `nombre`. */
export function descargarTexto(texto: string, nombre: string, tipo = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([texto], { type: tipo }));
  descargar(url, nombre);
  // The download has started by then; the object URL is only memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
