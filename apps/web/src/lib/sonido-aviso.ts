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
