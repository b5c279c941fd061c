// The guard's siren (spec 002 §8): a rising and falling tone for three seconds, drawn with the Web Audio API (no
// sound file to fetch), at most once a minute (SIREN_THROTTLE_MS) however many alerts arrive.
import { SIREN_THROTTLE_MS } from '../../gate.ts';

let lastPlayed = 0;

/** Plays the siren unless it played less than a minute ago; answers whether it played. */
export function playSiren(now = Date.now()): boolean {
  if (now - lastPlayed < SIREN_THROTTLE_MS) return false;
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return false;
  lastPlayed = now;
  const audio = new Context();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.type = 'sawtooth';
  volume.gain.value = 0.2;
  const start = audio.currentTime;
  for (let i = 0; i < 6; i++) {
    tone.frequency.setValueAtTime(650, start + i * 0.5);
    tone.frequency.linearRampToValueAtTime(1250, start + i * 0.5 + 0.25);
    tone.frequency.linearRampToValueAtTime(650, start + i * 0.5 + 0.5);
  }
  tone.connect(volume).connect(audio.destination);
  tone.start(start);
  tone.stop(start + 3);
  tone.onended = () => void audio.close();
  document.documentElement.dataset.sirenPlayedAt = String(now);
  return true;
}
