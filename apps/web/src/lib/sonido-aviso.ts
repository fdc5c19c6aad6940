import { useState } from 'react';

/**
 * A short notification beep (Web Audio, no file to download): the production panel plays it when an OP changes
 * (spec 002 §2.17), the dispatch screens when a turn is called.
 * Browsers keep the audio context suspended until the user interacts with the page; then the beep is simply silent.
 */
let contexto: AudioContext | null = null;

export function sonarAviso() {
  try {
    const Contexto = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Contexto) return;
    contexto ??= new Contexto();
    if (contexto.state === 'suspended') void contexto.resume().catch(() => undefined);
    const ahora = contexto.currentTime;
    const oscilador = contexto.createOscillator();
    const volumen = contexto.createGain();
    oscilador.type = 'sine';
    oscilador.frequency.setValueAtTime(880, ahora);
    volumen.gain.setValueAtTime(0.0001, ahora);
    volumen.gain.exponentialRampToValueAtTime(0.2, ahora + 0.01);
    volumen.gain.exponentialRampToValueAtTime(0.0001, ahora + 0.25);
    oscilador.connect(volumen).connect(contexto.destination);
    oscilador.start(ahora);
    oscilador.stop(ahora + 0.26);
  } catch {
    // No audio in this browser: the change still shows.
  }
}

/** A remembered sound switch: on unless the user turned it off (a storage that fails reads as on). */
export function leerSonidoActivo(almacen: Pick<Storage, 'getItem'> | null, clave: string): boolean {
  try {
    return almacen?.getItem(clave) !== 'off';
  } catch {
    return true;
  }
}

function almacen(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A screen's "Sonido de avisos" switch, remembered in this browser under `clave`. */
export function useSonidoAvisos(clave: string): [boolean, (activo: boolean) => void] {
  const [activo, setActivo] = useState(() => leerSonidoActivo(almacen(), clave));
  const cambiar = (valor: boolean) => {
    setActivo(valor);
    try {
      almacen()?.setItem(clave, valor ? 'on' : 'off');
    } catch {
      // Private mode without storage: the choice lasts this visit.
    }
  };
  return [activo, cambiar];
}
